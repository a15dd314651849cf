import { createHash } from 'node:crypto';
import type { Country, OutboundNumberType } from '@nordloan/domain/enums';

// §3 OutboundNumberType: which of our numbers the customer sees when we call (ADR 0022). All numbers are
// fictional (docs brands.md: invented, never a real subscriber), in E.164 as telephony providers dial.
// - broker: the market's switchboard: calling back reaches the whole team;
// - agent: the agent's own direct line, from the market's direct-dial range (one number per agent);
// - uscore: the number of our external calling partner (ADR 0013 reads "uscore" that way).

interface MarketNumbers {
  broker: string;
  uscore: string;
  /** Direct-dial range: the prefix plus four digits per agent. */
  agentPrefix: string;
}

export const outboundNumbers: Record<Country, MarketNumbers> = {
  NO: { broker: '+4721009000', uscore: '+4721009500', agentPrefix: '+472101' },
  SE: { broker: '+46850009000', uscore: '+46850009500', agentPrefix: '+4685001' },
  FI: { broker: '+358950009000', uscore: '+358950009500', agentPrefix: '+35895001' },
  DK: { broker: '+4570009000', uscore: '+4570009500', agentPrefix: '+457001' },
};

/** The agent's direct line in `country`: stable for the agent (derived from the agent's id). */
export function agentDirectLine(country: Country, agentId: string): string {
  const digits = Number.parseInt(createHash('sha256').update(agentId).digest('hex').slice(0, 8), 16) % 10_000;
  return `${outboundNumbers[country].agentPrefix}${String(digits).padStart(4, '0')}`;
}

/**
 * The number shown to the customer. An `agent` call by a caller that names no agent falls back to the
 * switchboard (nobody's direct line to show).
 */
export function outboundNumberFor(
  country: Country,
  type: OutboundNumberType,
  agentId: string | null,
): string {
  if (type === 'agent' && agentId) return agentDirectLine(country, agentId);
  if (type === 'uscore') return outboundNumbers[country].uscore;
  return outboundNumbers[country].broker;
}
