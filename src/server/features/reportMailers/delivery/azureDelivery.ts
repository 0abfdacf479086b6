import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { BlobServiceClient, type StoragePipelineOptions } from '@azure/storage-blob';
import { pinnedLookup } from '../../../platform/http/outbound/outboundLookup.js';
import { remoteJoin, type FileDelivery } from './deliveryTypes.js';

/**
 * Azure Blob (@azure/storage-blob): the secret is the storage account's connection string. A block
 * blob upload commits whole or not at all, and a resend overwrites the same blob name. Every
 * request goes to the endpoint's address the outbound policy checked (deliverReport.ts), through
 * an agent whose lookup answers only that address; TLS still verifies the endpoint's name.
 */
export const azureDelivery: FileDelivery = async (target, secret, file, connection) => {
  const endpoint = BlobServiceClient.fromConnectionString(secret).url;
  const lookup = connection.address ? pinnedLookup(connection.address) : undefined;
  const agent = endpoint.startsWith('https:') ? new HttpsAgent({ lookup }) : new HttpAgent({ lookup });
  // The SDK hands `agent` on to its core pipeline (core-rest-pipeline's agentPolicy); its options
  // type does not name it.
  const options = { agent } as StoragePipelineOptions;
  try {
    const service = BlobServiceClient.fromConnectionString(secret, options);
    const container = service.getContainerClient(target.container ?? 'reports');
    await container.createIfNotExists({ abortSignal: connection.signal });
    const blob = container.getBlockBlobClient(remoteJoin(target.path, file.remoteName));
    await blob.uploadFile(file.localPath, { abortSignal: connection.signal });
    return blob.url;
  } finally {
    agent.destroy();
  }
};

/**
 * The blob endpoint's host a connection string points at (BlobEndpoint, else the account and
 * endpoint suffix; the development-storage shortcut is Azurite on 127.0.0.1): the address the
 * outbound policy checks for an Azure mailer. Null when the string names none.
 */
export function azureBlobHost(connectionString: string): string | null {
  const parts = new Map<string, string>();
  for (const pair of connectionString.split(';')) {
    const eq = pair.indexOf('=');
    if (eq > 0) parts.set(pair.slice(0, eq).trim().toLowerCase(), pair.slice(eq + 1).trim());
  }
  if (/^true$/i.test(parts.get('usedevelopmentstorage') ?? '')) return '127.0.0.1';
  const endpoint = parts.get('blobendpoint');
  if (endpoint) {
    try {
      return new URL(endpoint).hostname.replace(/^\[|\]$/g, '');
    } catch {
      return null;
    }
  }
  const account = parts.get('accountname');
  return account ? `${account}.blob.${parts.get('endpointsuffix') ?? 'core.windows.net'}` : null;
}
