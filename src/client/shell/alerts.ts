import { proxy, ref } from 'valtio';

/** docs/product-spec.md §4 alert types: 1 OK; 2 OK + Cancel; 3 Login button; 4 Continue + Cancel. */
export type AlertType = 1 | 2 | 3 | 4;

export interface AlertRequest {
  title: string;
  message: string;
  type: AlertType;
}

interface OpenAlert extends AlertRequest {
  resolve: (confirmed: boolean) => void;
}

export const alertState = proxy<{ current: OpenAlert | null }>({ current: null });

/** Opens the modal alert; resolves true for OK / Login / Continue, false for Cancel. */
export function showAlert(request: AlertRequest): Promise<boolean> {
  return new Promise((resolve) => {
    alertState.current = ref({ ...request, resolve });
  });
}

export function closeAlert(confirmed: boolean): void {
  const current = alertState.current;
  alertState.current = null;
  current?.resolve(confirmed);
}
