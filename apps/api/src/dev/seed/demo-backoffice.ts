import type { BucketAction } from '@nordloan/domain/backoffice';
import type { OutboundNumberType } from '@nordloan/domain/enums';

// The demo back office: work buckets, agents, assignments and call orders (npm run db:seed).

export const action = (role: string, kind: string, name: string, description: string): BucketAction => ({
  role,
  kind,
  name,
  description,
});

export const demoBuckets = [
  {
    name: 'Validation failed',
    priority: 5,
    actions: [action('Sales', 'call', 'Call the customer', 'Go through the fields the validation refused')],
    conditionsExplanation: 'Submitted, but the automatic validation refused it (status 169)',
  },
  {
    name: 'New applications',
    priority: 10,
    actions: [
      action('Sales', 'call', 'Welcome call', 'Introduce yourself and offer help with the form'),
      action('Telemarketing', 'sms', 'Reminder SMS', 'Remind the customer to finish the application'),
    ],
    conditionsExplanation: 'Started or completed in the last 24 hours and not yet sent to the lender panel',
  },
  {
    name: 'Secured loan review',
    priority: 15,
    actions: [
      action('SecuredSales', 'review', 'Review the security', 'Check valuation, ownership and common debt'),
    ],
    conditionsExplanation: 'Secured-loan applications with real estate that needs a manual valuation check',
  },
  {
    name: 'Missing documents',
    priority: 20,
    actions: [action('Sales', 'request-document', 'Request payslip', 'Ask for the last two payslips')],
    conditionsExplanation: 'A lender asked for a document the customer has not sent yet',
  },
  {
    name: 'ACE decision pending',
    priority: 30,
    requiresAceAction: true,
    actions: null,
    conditionsExplanation: 'Waiting for the automated credit engine; no manual action until it answers',
  },
  {
    name: 'Not registered - follow up',
    priority: 40,
    actions: [
      action('Sales', 'call', 'Follow-up call', 'Explain why no bank registered it; suggest a co-applicant'),
    ],
    conditionsExplanation: 'No bank registered the application (270) or none approved it (370)',
  },
];

export const agentId = (n: number) => `5eed0000-0000-4000-8000-0000000000a${n}`;
export const demoAgents = [
  {
    id: agentId(1),
    name: 'Nora Berg',
    email: 'nora.berg@nordloan.test',
    marketCountry: 'NO',
    roles: [
      { Name: 'Sales', Country: 'NO' as const },
      { Name: 'SecuredSales', Country: 'NO' as const },
    ],
  },
  {
    id: agentId(2),
    name: 'Sven Lind',
    email: 'sven.lind@nordloan.test',
    marketCountry: 'SE',
    roles: [
      { Name: 'Sales', Country: 'SE' as const },
      { Name: 'Telemarketing', Country: 'SE' as const },
    ],
  },
  {
    id: agentId(3),
    name: 'Liisa Mäkelä',
    email: 'liisa.makela@nordloan.test',
    marketCountry: 'FI',
    roles: [{ Name: 'Sales', Country: 'FI' as const }],
  },
  {
    id: agentId(4),
    name: 'Freja Holm',
    email: 'freja.holm@nordloan.test',
    marketCountry: 'DK',
    roles: [
      { Name: 'Sales', Country: 'DK' as const },
      { Name: 'Manager', Country: 'DK' as const },
    ],
  },
  {
    id: agentId(5),
    name: 'Maja Admin',
    email: 'maja.admin@nordloan.test',
    marketCountry: 'NO',
    roles: [{ Name: 'Super' }],
  },
  {
    id: agentId(6),
    name: 'Olle Former',
    email: 'olle.former@nordloan.test',
    marketCountry: 'SE',
    disabled: true,
    roles: [{ Name: 'Sales', Country: 'SE' as const }],
  },
];

/** Where each application sits in the back office: bucket, and the agent working it (if any). */
export const demoAssignments: {
  application: string;
  bucket: string;
  assignee?: number;
  processedBy?: number;
}[] = [
  { application: 'ola-unsecured', bucket: 'ACE decision pending' },
  { application: 'ola-card', bucket: 'New applications' },
  { application: 'kari-secured', bucket: 'Secured loan review', assignee: 1 },
  { application: 'per-unsecured', bucket: 'Not registered - follow up', assignee: 1 },
  { application: 'anna-unsecured', bucket: 'ACE decision pending' },
  { application: 'erik-unsecured', bucket: 'New applications', assignee: 2 },
  { application: 'matti-unsecured', bucket: 'New applications' },
  { application: 'aino-unsecured', bucket: 'Validation failed', assignee: 3 },
  { application: 'mette-unsecured', bucket: 'Missing documents', assignee: 4 },
  // Worked and closed: shows up in history and under Processed=true
  { application: 'lars-unsecured', bucket: 'Not registered - follow up', assignee: 4, processedBy: 4 },
];

export const callOrderId = (n: number) => `5eed0000-0000-4000-8000-0000000000c${n}`;
export const demoCallOrders: {
  id: string;
  application: string;
  bucket: string;
  type: OutboundNumberType;
  tags: string[] | null;
}[] = [
  {
    id: callOrderId(1),
    application: 'erik-unsecured',
    bucket: 'New applications',
    type: 'broker',
    tags: ['welcome'],
  },
  {
    id: callOrderId(2),
    application: 'per-unsecured',
    bucket: 'Not registered - follow up',
    type: 'agent',
    tags: null,
  },
  {
    id: callOrderId(3),
    application: 'aino-unsecured',
    bucket: 'Validation failed',
    type: 'uscore',
    tags: ['validation'],
  },
  {
    id: callOrderId(4),
    application: 'mette-unsecured',
    bucket: 'Missing documents',
    type: 'broker',
    tags: ['documents', 'evening'],
  },
];
