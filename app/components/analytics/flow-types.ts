// The rows Flow analytics draws, in words and numbers worked out by its loader (routes/analytics.server.ts).

/** One department: hands-on time, waits before it, and the work in it now. `handsOn` and `medianWait` are seconds, for the bars. */
export type DepartmentFlow = {
  key: string;
  label: string;
  sessions: string;
  handsOn: number;
  handsOnText: string;
  medianSession: string;
  waits: string;
  medianWait: number;
  medianWaitText: string;
  averageWait: string;
  wipWaiting: string;
  wipRunning: string;
  bottleneck: boolean;
};

/** The projects whose last step ends in the range, and the late and overdue ones by name. */
export type ProjectsDue = {
  onTime: number;
  late: number;
  overdue: number;
  notYetDue: number;
  lateList: { id: number; name: string; due: string; state: string; status: string }[];
};

/** One machine's completed files and median processing time. */
export type MachineFlow = { key: string; label: string; completed: number; completedText: string; median: string };
