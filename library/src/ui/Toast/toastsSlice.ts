import { createSlice, type PayloadAction } from "@reduxjs/toolkit";

export const TOAST_DURATION_MS = 3000;
export const TOAST_REMOVAL_DELAY_MS = 2000;

export type ToastType = "info" | "success" | "error";

/** Serializable toast record; rich bodies live in toastBodies beside it. */
export interface ToastRecord {
  id: string;
  message: string;
  description?: string;
  type: ToastType;
  visible: boolean;
  persistent: boolean;
  dismissible: boolean;
  /** Auto-dismiss delay in ms (ignored when persistent). */
  duration: number;
  wide: boolean;
}

export interface ToastsState {
  items: ToastRecord[];
}

const initialState: ToastsState = { items: [] };

export const toastsSlice = createSlice({
  name: "toasts",
  initialState,
  reducers: {
    toastAdded(state, action: PayloadAction<ToastRecord>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload.id);
      state.items.push(action.payload);
    },
    toastUpdated(state, action: PayloadAction<Pick<ToastRecord, "id"> & Partial<ToastRecord>>) {
      const toast = state.items.find((item) => item.id === action.payload.id);
      if (toast) Object.assign(toast, action.payload);
    },
    toastHidden(state, action: PayloadAction<string>) {
      const toast = state.items.find((item) => item.id === action.payload);
      if (toast) toast.visible = false;
    },
    toastRemoved(state, action: PayloadAction<string>) {
      state.items = state.items.filter((toast) => toast.id !== action.payload);
    },
  },
  selectors: {
    selectToasts: (state) => state.items,
  },
});

export const { toastAdded, toastUpdated, toastHidden, toastRemoved } = toastsSlice.actions;
export const { selectToasts } = toastsSlice.selectors;
