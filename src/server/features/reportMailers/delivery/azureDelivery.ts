import { BlobServiceClient } from '@azure/storage-blob';
import { remoteJoin, type FileDelivery } from './deliveryTypes.js';

/**
 * Azure Blob (@azure/storage-blob): the secret is the storage account's connection string. A block
 * blob upload commits whole or not at all, and a resend overwrites the same blob name.
 */
export const azureDelivery: FileDelivery = async (target, secret, file) => {
  const service = BlobServiceClient.fromConnectionString(secret);
  const container = service.getContainerClient(target.container ?? 'reports');
  await container.createIfNotExists();
  const blob = container.getBlockBlobClient(remoteJoin(target.path, file.remoteName));
  await blob.uploadFile(file.localPath);
  return blob.url;
};
