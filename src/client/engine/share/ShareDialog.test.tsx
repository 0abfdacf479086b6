// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  SHARE_FILTERS_MAX,
  SHARE_FILTERS_TOO_LONG,
  type ShareLinkItem,
} from '../../../shared/auth/shareLinks.js';
import { fakeDataSource } from '../fixtures/fakeDataSource.js';
import { stockKpiScreen } from '../fixtures/stockScreens.js';
import { ScreenView } from '../ScreenView.js';
import { ShareDialog } from './ShareDialog.js';
import type { ShareLinksApi } from './shareLinksApi.js';

afterEach(cleanup);

function link(id: number, status: ShareLinkItem['status']): ShareLinkItem {
  return {
    id,
    view_id: 0,
    menu_id: 0,
    menu_name: 'stock-kpi',
    screen: 'stock/kpi',
    filters: null,
    created_at: '2026-11-20T10:00:00Z',
    expires_at: '2026-11-27T10:00:00Z',
    revoked_at: status === 'revoked' ? '2026-11-21T10:00:00Z' : null,
    status,
  };
}

/** An API over a list in memory, as the server answers it; the mocks are returned beside it. */
function memoryApi(initial: ShareLinkItem[]) {
  let links = initial;
  const list = vi.fn((_screen: string) => Promise.resolve(links));
  const create = vi.fn((_screen: string, _hours: number, _filters: string) => {
    links = [link(100, 'live'), ...links];
    return Promise.resolve({
      id: 100,
      token: 't',
      url: 'http://x/workspace/paxviz/stock-kpi?token=t',
      expires_at: '',
    });
  });
  const revoke = vi.fn((id: number) => {
    links = links.map((l) => (l.id === id ? { ...l, status: 'revoked' as const } : l));
    return Promise.resolve();
  });
  const api: ShareLinksApi = { list, create, revoke };
  return { api, create, revoke };
}

/** A refusal as the HTTP client hands it over: the server's envelope on the response. */
function refusal(status: number, msg: string): AxiosError {
  const headers = new AxiosHeaders();
  return new AxiosError(msg, 'ERR_BAD_REQUEST', undefined, undefined, {
    status,
    statusText: '',
    headers,
    config: { headers },
    data: { statusCode: 0, msg },
  });
}

describe('ShareDialog', () => {
  it("lists the screen's links with their status and revokes a live one only after confirming", async () => {
    const { api, revoke } = memoryApi([link(2, 'live'), link(1, 'expired'), link(0, 'revoked')]);
    render(
      <ShareDialog
        screen="stock/kpi"
        title="Stock KPI"
        api={api}
        currentFilters={() => ''}
        onClose={() => {}}
      />,
    );
    const table = await screen.findByRole('table', { name: 'Share links of this screen' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'CreatedExpiresStatusAction',
      expect.stringMatching(/^20-Nov-2026.*LiveRevoke$/) as string,
      expect.stringMatching(/Expired$/) as string,
      expect.stringMatching(/Revoked$/) as string,
    ]);
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Revoke link' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(revoke).not.toHaveBeenCalled();
    fireEvent.click(within(table).getByRole('button', { name: 'Revoke' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke link' }));
    await within(table).findByText('Revoked', { selector: 'tr[data-link-id="2"] span' });
    expect(revoke).toHaveBeenCalledWith(2);
  });

  it('creates a link with the chosen expiry and shows it in a read-only input', async () => {
    const { api, create } = memoryApi([]);
    render(
      <ShareDialog
        screen="stock/kpi"
        title="Stock KPI"
        api={api}
        currentFilters={() => ''}
        onClose={() => {}}
      />,
    );
    await screen.findByText('No links to this screen yet.');
    fireEvent.change(screen.getByLabelText('Expires after'), { target: { value: '720' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create link' }));
    const input = await screen.findByLabelText<HTMLInputElement>(/^Link/);
    expect(input.readOnly).toBe(true);
    expect(input.value).toContain('/workspace/paxviz/stock-kpi?token=');
    expect(create).toHaveBeenCalledWith('stock/kpi', 720, '');
  });

  it('says plainly when the filters on screen are too long to share, and asks nothing', async () => {
    const { api, create } = memoryApi([]);
    const long = `channel_id=[${'1,'.repeat(SHARE_FILTERS_MAX / 2)}1]`;
    render(
      <ShareDialog
        screen="stock/kpi"
        title="Stock KPI"
        api={api}
        currentFilters={() => long}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe(SHARE_FILTERS_TOO_LONG);
    expect(create).not.toHaveBeenCalled();
  });

  it("shows the server's refusal (403) as it comes", async () => {
    const { api, create } = memoryApi([]);
    create.mockRejectedValueOnce(refusal(403, 'Access denied to stock/kpi'));
    render(
      <ShareDialog
        screen="stock/kpi"
        title="Stock KPI"
        api={api}
        currentFilters={() => ''}
        onClose={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Access denied to stock/kpi');
    expect(screen.queryByLabelText(/^Link/)).toBeNull();
  });
});

describe('the Share action in the screen header', () => {
  const withShares = (api = memoryApi([]).api) => ({ ...fakeDataSource(stockKpiScreen), shares: api });
  it('shows when the page says the session may share the screen', async () => {
    render(<ScreenView screen={stockKpiScreen} source={withShares()} shareable today="2026-11-22" />);
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    expect(screen.getByRole('dialog', { name: `Share ${stockKpiScreen.title}` })).toBeTruthy();
  });
  it('makes the link with the filters on screen, not the defaults', async () => {
    const { api, create } = memoryApi([]);
    render(
      <ScreenView
        screen={stockKpiScreen}
        source={withShares(api)}
        search="?start_date=2026-11-01&end_date=2026-11-10&channel_id=[2]"
        shareable
        today="2026-11-22"
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Share' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Create link' }));
    await screen.findByLabelText(/^Link/);
    const filters = new URLSearchParams(create.mock.calls[0]![2]);
    expect(filters.get('start_date')).toBe('2026-11-01');
    expect(filters.get('end_date')).toBe('2026-11-10');
    expect(filters.get('channel_id')).toBe('[2]');
  });
  it('is absent otherwise (read mode, the editor preview) and where the source has no links', () => {
    render(<ScreenView screen={stockKpiScreen} source={withShares()} today="2026-11-22" />);
    render(<ScreenView screen={stockKpiScreen} source={fakeDataSource(stockKpiScreen)} shareable />);
    expect(screen.queryByRole('button', { name: 'Share' })).toBeNull();
  });
});
