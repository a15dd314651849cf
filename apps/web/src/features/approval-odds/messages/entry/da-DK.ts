// The apply page's link to approval odds (ADR 0074): the one text the apply page's chunk carries.
export const messages = {
  linkFromApply: 'Usikker? Se dine chancer først – uden kreditopslag',
};
