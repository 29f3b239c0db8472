// What a toast carries, shared by the toaster (browser) and the services that decide a toast (server).
export type ToastData = {
  id?: string;
  title: string;
  description?: string;
  variant?: "default" | "destructive";
};
