/** The header naming the project a dashboard request acts on (the dashboard's client sets it). */
export const PROJECT_HEADER = 'x-shipnote-project';
