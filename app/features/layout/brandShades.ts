// In core, where the server colours the pages it draws too.
export * from "../../../core/pages/brandShades";
