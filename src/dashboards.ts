/**
 * The provider portals of the dashboard picker (/login when the client id is `not_defined`, the
 * `DASHBOARD_CLIENT_ID` of src/site-config.ts): a module of their own, so that only the picker's
 * view loads them (every page loads the site's configuration).
 */
/** Names and descriptions are translated (`login:dashboards.{id}`);
 * the addresses are never shown, only navigated to.
 */
export const DASHBOARDS = [
  {
    id: 'partner_platform',
    url: {
      prod: 'https://partners.masar.example/',
      qa: 'https://partners.qa.masar.example/',
    },
  },
  {
    id: 'masar_business',
    url: {
      prod: 'https://business.masar.example/',
      qa: 'https://business.qa.masar.example/',
    },
  },
  {
    id: 'supplier_portal',
    url: {
      prod: 'https://suppliers.masar.example/',
      qa: 'https://suppliers.qa.masar.example/',
    },
  },
  {
    id: 'supply_gate',
    url: {
      prod: 'https://supply.masar.example/',
      qa: 'https://supply.qa.masar.example/',
    },
  },
  {
    id: 'masar_web',
    url: {
      prod: 'https://app.masar.example/',
      qa: 'https://app.qa.masar.example/',
    },
  },
  {
    id: 'express_portal',
    url: {
      prod: 'https://express.masar.example/',
      qa: 'https://express.qa.masar.example/',
    },
  },
] as const;
export type DashboardId = (typeof DASHBOARDS)[number]['id'];
