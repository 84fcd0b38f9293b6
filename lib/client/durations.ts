// How long toasts stay and how long success screens wait before moving on.
export const TOAST_DURATION_MS = 5000;
export const REGISTER_TOAST_DURATION_MS = 8000;
export const REDIRECT_DELAY_MS = 2000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
export const TOAST_HOTKEY = "F8";
