import { DEFAULT_LANGUAGE } from '../constants.ts';
import type { TDecimal } from '../money/money.ts';
import type { TCalcLine, TPricingInput, TSpecialWhy } from './engine-types.ts';
import type { TDiscountKind, TSpecial, TSpecialRule } from './entities.ts';
import { compileRules, ruleSetKey } from './rules.ts';
import { buildFacts, type TRuleFacts } from './rules-facts.ts';
import { byLevel, matchAll, matchRules, type TByLevel, type TRuleMatch } from './rules-match.ts';
import { competitionSets, pickWinner } from './specials-compete.ts';
import { commit, measure, rewriteReplaced } from './specials-emit.ts';
import { planSpecial, type TPlan } from './specials-kinds.ts';
import { createLedger, type TLedger } from './specials-ledger.ts';
import { fromUnits, toUnits } from './specials-money.ts';
import { specialTextsFor, type TSpecialTexts } from './specials-texts.ts';

// The specials engine (docs/domain/specials.md): rule evaluation, the 8 discount kinds, targets, scope units,
// exclusivity and the staged order of application, and the `why` of every special considered.

export type TSpecialsContext = {
  input: TPricingInput;
  /** First night (or embarkation) and departure of the whole draft, and its nights. */
  from: string;
  to: string;
  nights: number;
};

export type TSpecialsResult = {
  /** The lines given, room lines possibly rewritten (replaceMatchingRoomPrice), plus the special lines. */
  lines: TCalcLine[];
  why: TSpecialWhy[];
  /** A matching AgencyCommission special: the booking's commission percent (docs/domain/tax-and-commission.md). */
  commission?: { percent: TDecimal; specialId: number };
};

/** A special as the engine reads it: rules in canonical order, its stage, how it was chosen. */
export type TPrepared = {
  special: TSpecial;
  /** Canonical order. */
  rules: TSpecialRule[];
  levels: TByLevel;
  setKey: string;
  stage: number;
  chosen: number;
  ignoreRules: boolean;
  order: number;
};

type TMatched = Extract<TRuleMatch, { ok: true }>;

type TRun = {
  input: TPricingInput;
  facts: TRuleFacts;
  ledger: TLedger;
  t: TSpecialTexts;
  /** Specials groups applied so far (the SpecialsGroup rule). */
  groups: Set<number>;
  why: Map<number, TSpecialWhy>;
  matches: Map<number, TMatched | null>;
  /** Matched rule texts of every special whose rules held. */
  matched: Map<number, string[]>;
  lost: Set<number>;
  resolved: Set<number>;
  sets: Map<number, TPrepared[]>;
  out: TCalcLine[];
  plans: Map<TPrepared, TPlan>;
};

const STAGE: Record<TDiscountKind, number> = {
  Fix: 1,
  FixUnit: 1,
  FOC: 2,
  FOCUnit: 2,
  Lowest: 2,
  PerCent: 3,
  Absolute: 4,
  AbsoluteNights: 4,
};

/** What a rule list compiles to; kept per list (stored specials are not changed in place). */
type TCompiled = Pick<TPrepared, 'rules' | 'levels' | 'setKey'>;
const compiled = new WeakMap<readonly TSpecialRule[], TCompiled>();

function compile(special: TSpecial): TCompiled {
  let found = compiled.get(special.rules);
  if (!found) {
    const rules = compileRules(special.rules);
    found = { rules: rules.map((r) => r.rule), levels: byLevel(rules), setKey: ruleSetKey(special.rules) };
    compiled.set(special.rules, found);
  }
  return found;
}

function prepare(input: TPricingInput): TPrepared[] {
  const chosen = input.chosenSpecials ?? [];
  const list = input.specials.map((special): TPrepared => {
    const { rules, levels, setKey } = compile(special);
    let count = 0;
    let ignoreRules = false;
    for (const c of chosen) {
      if (c.specialId !== special.id) continue;
      count++;
      ignoreRules ||= c.ignoreRules === true;
    }
    return {
      special,
      rules,
      levels,
      setKey,
      stage: STAGE[special.discount],
      chosen: count,
      ignoreRules,
      order: 0,
    };
  });
  list.sort((a, b) => a.stage - b.stage || a.special.sort - b.special.sort || a.special.id - b.special.id);
  list.forEach((p, i) => {
    p.order = i;
  });
  return list;
}

const base = (p: TPrepared): TSpecialWhy =>
  p.special.type === 'AgencyCommission'
    ? { specialId: p.special.id, name: p.special.name, applied: false, reason: 'applied', commission: true }
    : { specialId: p.special.id, name: p.special.name, applied: false, reason: 'applied' };

/** Records why: applied or the first reason it was not (one object per special, no spreading). */
function note(run: TRun, p: TPrepared, why: Partial<TSpecialWhy>) {
  const out = base(p);
  if (why.applied) out.applied = true;
  if (why.reason) out.reason = why.reason;
  if (why.failedRule) out.failedRule = why.failedRule;
  if (why.matchedRules) out.matchedRules = why.matchedRules;
  if (why.amount !== undefined) out.amount = why.amount;
  if (why.beatenBy !== undefined) out.beatenBy = why.beatenBy;
  run.why.set(p.special.id, out);
}

/** Status, booking window and channel (docs/domain/specials.md): the first reason it is not offered. */
function gate(run: TRun, p: TPrepared): boolean {
  const { special } = p;
  const t = run.input.evaluationDate.slice(0, 10);
  const channels = special.includeIn.length ? special.includeIn : ['Booking'];
  const reason: TSpecialWhy['reason'] | null =
    special.status !== 'confirmed'
      ? 'status'
      : (special.dateFrom && t < special.dateFrom.slice(0, 10)) ||
          (special.dateTo && t > special.dateTo.slice(0, 10))
        ? 'dateRange'
        : !channels.includes(run.input.channel)
          ? 'channel'
          : null;
  if (reason) note(run, p, { reason });
  return reason === null;
}

/** Its rules (unless added with ignoreRules), then autoAdd or chosen; cached, the why noted once. */
function admit(run: TRun, p: TPrepared): TMatched | undefined {
  const id = p.special.id;
  if (!run.matches.has(id)) {
    const match = p.ignoreRules
      ? matchAll(run.facts)
      : matchRules(p.levels, run.facts, p.special.scopeUnit, [...run.groups]);
    if (!match.ok) note(run, p, { reason: 'rule', failedRule: match.failed });
    else if (!p.special.autoAdd && p.chosen === 0)
      note(run, p, { reason: 'notAutoAdd', matchedRules: match.matched });
    run.matches.set(id, match.ok && (p.special.autoAdd || p.chosen > 0) ? match : null);
    if (match.ok) run.matched.set(id, match.matched);
  }
  return run.matches.get(id) ?? undefined;
}

/** A plan holds while the ledger is unchanged (a competition's dry run, then the winner's turn). */
function planOf(run: TRun, p: TPrepared, match: TMatched): TPlan {
  const cached = run.plans.get(p);
  if (cached && cached.version === run.ledger.version) return cached;
  const plan = planSpecial(run.ledger, p.special, match, p.rules, run.t);
  run.plans.set(p, plan);
  return plan;
}

/** Resolves p's competition set the first time one of it is reached; false when p lost. */
function compete(run: TRun, p: TPrepared): boolean {
  const set = run.sets.get(p.special.id);
  const setId = set?.[0]?.special.id;
  if (!set || setId === undefined || run.resolved.has(setId)) return !run.lost.has(p.special.id);
  run.resolved.add(setId);
  const scored: { p: TPrepared; amount: number }[] = [];
  for (const member of set) {
    const match = admit(run, member);
    if (!match) continue;
    const groups = measure(run.ledger, planOf(run, member, match));
    scored.push({ p: member, amount: groups.reduce((a, g) => a + g.amount, 0) });
  }
  const winner = pickWinner(scored);
  if (winner && !winner.special.includeSpecialsWithSameRule) {
    for (const { p: loser } of scored) {
      if (loser === winner) continue;
      run.lost.add(loser.special.id);
      note(run, loser, {
        reason: 'lostToBetter',
        beatenBy: winner.special.id,
        matchedRules: run.matched.get(loser.special.id),
      });
    }
  }
  return !run.lost.has(p.special.id);
}

function record(run: TRun, p: TPrepared, plan: TPlan, amount: number) {
  const previous = run.why.get(p.special.id);
  const total = previous?.applied ? toUnits(previous.amount ?? '0') + amount : amount;
  if (total === 0) {
    note(run, p, { reason: 'zero', matchedRules: plan.matched });
    return;
  }
  note(run, p, { applied: true, reason: 'applied', amount: fromUnits(total), matchedRules: plan.matched });
  if (p.special.groupId != null) run.groups.add(p.special.groupId);
}

function apply(run: TRun, p: TPrepared, plan: TPlan, suffix: string) {
  const result = commit(run.ledger, plan, measure(run.ledger, plan), run.t, suffix);
  run.out.push(...result.lines);
  record(run, p, plan, result.amount);
}

/** One stage (docs/domain/specials.md); PerCent specials of a stage share the stage's base: plan all, then apply. */
function runStage(run: TRun, members: readonly TPrepared[]) {
  const pending: { p: TPrepared; plan: TPlan; suffix: string }[] = [];
  for (const p of members) {
    if (run.lost.has(p.special.id)) continue;
    const match = admit(run, p);
    if (!match || !compete(run, p)) continue;
    const times = !p.special.unique && !p.special.autoAdd ? Math.max(1, p.chosen) : 1;
    for (let i = 0; i < times; i++) {
      const suffix = i === 0 ? '' : `#${i + 1}`;
      const plan = planOf(run, p, match);
      if (p.stage !== 3) apply(run, p, plan, suffix);
      else {
        pending.push({ p, plan, suffix });
        if (p.special.groupId != null && plan.units.some((u) => u.amount > 0))
          run.groups.add(p.special.groupId);
      }
    }
  }
  for (const { p, plan, suffix } of pending) apply(run, p, plan, suffix);
}

/** Special lines a user edited stay as they are: the special counts as applied with their amount. */
function keepManual(run: TRun, p: TPrepared, bySpecial: ReadonlyMap<number, TCalcLine[]>): boolean {
  const manual = bySpecial.get(p.special.id);
  if (!manual) return false;
  const amount = manual.reduce((a, l) => a + toUnits(l.total), 0);
  note(run, p, { applied: true, reason: 'applied', amount: fromUnits(amount) });
  if (p.special.groupId != null) run.groups.add(p.special.groupId);
  return true;
}

/** AgencyCommission specials: the most specific matching one sets the commission (docs/domain/specials.md). */
function agencyCommission(run: TRun, list: readonly TPrepared[]): TSpecialsResult['commission'] {
  const matching: TPrepared[] = [];
  const matched = new Map<TPrepared, string[]>();
  for (const p of list) {
    const match = matchRules(p.levels, run.facts, p.special.scopeUnit, [...run.groups]);
    if (match.ok) {
      matching.push(p);
      matched.set(p, match.matched);
    } else note(run, p, { reason: 'rule', failedRule: match.failed });
  }
  const rank = (a: TPrepared, b: TPrepared) =>
    b.rules.length - a.rules.length ||
    toUnits(b.special.discountValue || '0') - toUnits(a.special.discountValue || '0') ||
    a.order - b.order;
  const [winner, ...others] = matching.sort(rank);
  if (!winner) return undefined;
  note(run, winner, { applied: true, reason: 'commission', matchedRules: matched.get(winner) });
  for (const p of others) note(run, p, { reason: 'lostToBetter', beatenBy: winner.special.id });
  return { percent: winner.special.discountValue, specialId: winner.special.id };
}

/** Applies the confirmed specials of the input to the lines computed so far. */
export function applySpecials(ctx: TSpecialsContext, lines: TCalcLine[]): TSpecialsResult {
  const { input } = ctx;
  const facts = buildFacts(input, ctx);
  const run: TRun = {
    input,
    facts,
    ledger: createLedger(lines, input, facts),
    t: specialTextsFor(input.language ?? DEFAULT_LANGUAGE),
    groups: new Set(),
    why: new Map(),
    matches: new Map(),
    matched: new Map(),
    lost: new Set(),
    resolved: new Set(),
    sets: new Map(),
    out: [],
    plans: new Map(),
  };
  const prepared = prepare(input);
  const manual = new Map<number, TCalcLine[]>();
  for (const l of lines) {
    const id = l.type === 'special' ? l.customData.specialId : undefined;
    if (id !== undefined) manual.set(id, [...(manual.get(id) ?? []), l]);
  }
  const open = prepared.filter((p) => !keepManual(run, p, manual) && gate(run, p));
  const specials = open.filter((p) => p.special.type === 'special');
  run.sets = competitionSets(specials);
  for (const stage of [1, 2, 3, 4])
    runStage(
      run,
      specials.filter((p) => p.stage === stage),
    );
  const commission = agencyCommission(
    run,
    open.filter((p) => p.special.type === 'AgencyCommission'),
  );
  const names = new Map(input.specials.map((s) => [s.id, s.name]));
  const bySort = [...prepared].sort((a, b) => a.special.sort - b.special.sort || a.special.id - b.special.id);
  const why = bySort.map((p) => run.why.get(p.special.id) ?? base(p));
  return {
    lines: [...rewriteReplaced(lines, run.ledger, names, run.t), ...run.out],
    why,
    ...(commission ? { commission } : {}),
  };
}
