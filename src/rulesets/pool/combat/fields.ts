/**
 * Fields the combat part keeps on the pool actor (e.g. combat state between turns). The actor
 * model spreads them into its schema under `combat`; the combat part owns this file.
 */
export function poolCombatFields() {
  return {};
}
