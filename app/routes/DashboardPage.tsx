// The dashboard lives in app/routes/dashboard/; this module is what routeTable.ts loads.
export { DashboardPage } from "./dashboard/DashboardPage";
