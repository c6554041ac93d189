/**
 * Writes docs/statecharts.md from the machine definitions: for each machine a Mermaid `stateDiagram-v2` (states,
 * nesting, parallel regions, transitions labelled with their event and guard), its screen states with their route,
 * and the actors each state invokes. The output depends only on the definitions (no dates), so
 * tests/docs/statecharts.test.ts can tell when the committed file is stale. Run: `npm run statecharts`.
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import { applicationMachine } from '../machines/application.machine';
import { financialAidMachine } from '../machines/financialAid.machine';
import { otpTimerMachine } from '../machines/otpTimer.machine';
import { paymentChoiceMachine } from '../machines/paymentChoice.machine';
import { reminderMachine } from '../machines/reminder.machine';
import { withdrawalMachine } from '../machines/withdrawal.machine';
import { reviewMachine } from '../machines/review.machine';
import { staffApplicationMachine } from '../machines/staffApplication.machine';
import { staffCsvMachine } from '../machines/staffCsv.machine';
import { staffDataRightsMachine } from '../machines/staffDataRights.machine';
import { recordTransferMachine } from '../machines/recordTransfer.machine';
import { staffQueueMachine } from '../machines/staffQueue.machine';
import { staffResourceMachine } from '../machines/staffResource.machine';
import { staffSessionMachine } from '../machines/staffSession.machine';
import { videoQuizMachine } from '../machines/videoQuiz.machine';

export const STATECHARTS_PATH = resolve(import.meta.dirname, '..', 'docs', 'statecharts.md');

interface Documented {
  machine: AnyStateMachine;
  file: string;
  about: string;
}

const MACHINES: Documented[] = [
  {
    machine: applicationMachine,
    file: 'machines/application.machine.ts',
    about:
      'The whole application wizard (/apply). Each screen is a state whose `meta` names its route; a URL typed, ' +
      'reloaded or reached with back/forward arrives as NAVIGATE and the route guards decide where it lands.',
  },
  {
    machine: otpTimerMachine,
    file: 'machines/otpTimer.machine.ts',
    about: 'The resend-code countdown, invoked on the verify screen; its final state allows Resend OTP.',
  },
  {
    machine: videoQuizMachine,
    file: 'machines/videoQuiz.machine.ts',
    about: 'The selection video and its quiz, invoked on /apply/selection-video.',
  },
  {
    machine: paymentChoiceMachine,
    file: 'machines/paymentChoice.machine.ts',
    about: 'The commitment-fee choice on /apply/confirmation.',
  },
  {
    machine: reminderMachine,
    file: 'machines/reminder.machine.ts',
    about: 'The payment reminder on /apply/confirmation.',
  },
  {
    machine: withdrawalMachine,
    file: 'machines/withdrawal.machine.ts',
    about:
      'The applicant withdrawing their application on /apply/confirmation, where the server says it may (decision 250).',
  },
  {
    machine: financialAidMachine,
    file: 'machines/financialAid.machine.ts',
    about: 'The financial aid application (/financial-aid-application), a flow of its own.',
  },
  {
    machine: reviewMachine,
    file: 'machines/review.machine.ts',
    about:
      "An application's review by the programme's staff, from submission to a paid place; the server asks it " +
      'before it stores a decision.',
  },
  {
    machine: staffSessionMachine,
    file: 'machines/staffSession.machine.ts',
    about: 'A team member signing in to the staff back office (/staff) with an emailed code, and out again.',
  },
  {
    machine: staffQueueMachine,
    file: 'machines/staffQueue.machine.ts',
    about:
      'The staff queue (/staff): the view the URL asks for, ticked rows, and a bulk decision previewed by a dry ' +
      'run before an admin confirms it.',
  },
  {
    machine: staffApplicationMachine,
    file: 'machines/staffApplication.machine.ts',
    about: "One application's staff page (/staff/applications/:id): review actions and internal notes.",
  },
  {
    machine: staffResourceMachine,
    file: 'machines/staffResource.machine.ts',
    about: 'The team, audit log and funnel pages of the staff back office: load, and save a change.',
  },
  {
    machine: staffCsvMachine,
    file: 'machines/staffCsv.machine.ts',
    about:
      'Decisions from an uploaded CSV file (/staff/decisions-csv): a dry run first, applied only on confirmation.',
  },
  {
    machine: staffDataRightsMachine,
    file: 'machines/staffDataRights.machine.ts',
    about:
      "An admin's export or erasure of one applicant's data on their staff page: the erasure only after a confirmation.",
  },
  {
    machine: recordTransferMachine,
    file: 'machines/recordTransfer.machine.ts',
    about:
      "An admin records an applicant's bank transfer as paid, with its reference, on the application's page.",
  },
];

/** An event handled by more transitions than this on one state is summarised in a note, not drawn. */
const FAN_OUT = 4;

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states) as AnyStateNode[];

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

/** A Mermaid id: the state's path below the machine, which is unique where its key may not be. */
function mermaidId(node: AnyStateNode): string {
  return node.path.length ? node.path.join('_') : node.machine.id;
}

/** Characters that Mermaid reads as syntax inside a label. */
const clean = (text: string) => text.replace(/[{};#"]/g, '');

function describeParams(params: unknown): string {
  if (typeof params === 'function') return 'dynamic';
  if (!params || typeof params !== 'object') return String(params);
  return Object.entries(params as Record<string, unknown>)
    .map(([key, value]) => (Array.isArray(value) ? `${key}: ${value.join(', ')}` : String(value)))
    .join(', ');
}

/** and(), or() and not() keep the guards they combine. */
const isCombinator = (guard: unknown): guard is { name: string; guards: unknown[] } =>
  typeof guard === 'function' && Array.isArray((guard as { guards?: unknown }).guards);

/** The guard as the definition names it: a named guard with its params, a combinator, stateIn, or inline. */
export function describeGuard(guard: unknown, machineId: string): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    if (isCombinator(guard))
      return `${guard.name}(${guard.guards.map((x) => describeGuard(x, machineId)).join(', ')})`;
    const g = guard as { stateValue?: unknown };
    if (g.stateValue !== undefined) return `in ${String(g.stateValue).replace(`#${machineId}.`, '')}`;
    return 'inline guard';
  }
  if (guard && typeof guard === 'object' && 'type' in guard) {
    const { type, params } = guard as { type: string; params?: unknown };
    return params === undefined ? type : `${type}(${describeParams(params)})`;
  }
  return '';
}

/** The event as a reader knows it: invoke outcomes and delays in words. */
export function describeEvent(eventType: string): string {
  if (eventType === '') return 'always';
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  const doneState = /^xstate\.done\.state\.(.+)$/.exec(eventType);
  if (doneState) return `done: ${doneState[1].split('.').pop()}`;
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return `after ${after[1]} ms`;
  return eventType;
}

interface Edge {
  from: AnyStateNode;
  to: AnyStateNode;
  label: string;
}

function transitionsOf(node: AnyStateNode): [string, AnyTransitionDefinition[]][] {
  const byEvent = [...node.transitions.entries()] as [string, AnyTransitionDefinition[]][];
  const always = (node.always ?? []) as AnyTransitionDefinition[];
  return always.length ? [...byEvent, ['', always]] : byEvent;
}

function label(eventType: string, t: AnyTransitionDefinition, list: AnyTransitionDefinition[], id: string) {
  const guard = describeGuard(t.guard, id);
  const otherwise = !guard && list.length > 1 ? 'else' : '';
  const condition = guard || otherwise;
  return clean(`${describeEvent(eventType)}${condition ? ` [${condition}]` : ''}`);
}

const lineage = (n: AnyStateNode) => {
  const chain: AnyStateNode[] = [];
  for (let x: AnyStateNode | undefined = n; x; x = x.parent) chain.push(x);
  return chain;
};

/**
 * The block an edge is written in: the nearest state that holds both ends. Inside a parallel state every line
 * belongs to a region, so an edge that would land there (or a loop on a region) is written one level up.
 */
function home(edge: Edge): AnyStateNode {
  const fromLine = lineage(edge.from);
  const start = edge.from === edge.to ? edge.from.parent : lineage(edge.to).find((n) => fromLine.includes(n));
  let block = start ?? edge.from.machine.root;
  while (block.type === 'parallel' && block.parent) block = block.parent;
  // An edge into (or out of) an atomic state is written in the block around it.
  return block.type === 'atomic' || block.type === 'final' ? (block.parent ?? block) : block;
}

/** The guards a list of transitions uses, by name only (combinators opened, params left out). */
function guardNames(guard: unknown, machineId: string): string[] {
  if (isCombinator(guard)) return guard.guards.flatMap((g) => guardNames(g, machineId));
  const described = describeGuard(guard, machineId);
  return described ? [described.replace(/\(.*$/, '').replace(/^in .*/, 'in state')] : [];
}

function summarise(
  node: AnyStateNode,
  eventType: string,
  list: AnyTransitionDefinition[],
  id: string,
): string {
  const targets = [...new Set(list.flatMap((t) => (t.target ?? []).map((x: AnyStateNode) => x.key)))];
  const guards = [...new Set(list.flatMap((t) => guardNames(t.guard, id)))];
  const stays = list.some((t) => !t.target) ? ', or stays where it is' : '';
  return clean(
    `${describeEvent(eventType)}${guards.length ? ` [${guards.join(', ')}]` : ''} on ${
      node.parent ? node.key : 'any state'
    }: ${list.length} transitions, to ${targets.join(', ')}${stays}`,
  );
}

interface Collected {
  edges: Edge[];
  notes: Map<AnyStateNode, string[]>;
}

function collect(machine: AnyStateMachine): Collected {
  const edges: Edge[] = [];
  const notes = new Map<AnyStateNode, string[]>();
  const note = (node: AnyStateNode, text: string) => notes.set(node, [...(notes.get(node) ?? []), text]);
  for (const node of allNodes(machine.root)) {
    for (const [eventType, list] of transitionsOf(node)) {
      if (list.length > FAN_OUT) {
        note(node, summarise(node, eventType, list, machine.id));
        continue;
      }
      for (const t of list) {
        const text = label(eventType, t, list, machine.id);
        // A transition without a target runs its actions and stays: drawn as a loop, or noted on the root.
        const targets = (t.target ?? []) as AnyStateNode[];
        if (!targets.length) {
          if (node.parent) edges.push({ from: node, to: node, label: text });
          else note(node, `${text} in any state: stays`);
        }
        for (const to of targets) edges.push({ from: node, to, label: text });
      }
    }
  }
  return { edges, notes };
}

function renderNode(node: AnyStateNode, c: Collected, depth: number): string[] {
  const pad = '  '.repeat(depth);
  const id = mermaidId(node);
  const lines: string[] = [];
  const children = childrenOf(node);
  const inner = depth + (node.parent ? 1 : 0);
  const innerPad = '  '.repeat(inner);
  const body: string[] = [];
  if (node.type === 'parallel') {
    children.forEach((region, i) => {
      if (i > 0) body.push(`${innerPad}--`);
      body.push(...renderNode(region, c, inner));
    });
  } else {
    const initial = (node.initial?.target ?? []) as AnyStateNode[];
    for (const target of initial) body.push(`${innerPad}[*] --> ${mermaidId(target)}`);
    for (const child of children) body.push(...renderNode(child, c, inner));
  }
  for (const child of children)
    if (child.type === 'final') body.push(`${innerPad}${mermaidId(child)} --> [*]`);
  for (const edge of c.edges.filter((e) => home(e) === node))
    body.push(`${innerPad}${mermaidId(edge.from)} --> ${mermaidId(edge.to)} : ${edge.label}`);

  if (!node.parent) return body;
  if (children.length) {
    lines.push(`${pad}state ${id} {`, ...body, `${pad}}`);
  } else {
    lines.push(id === node.key ? `${pad}${id}` : `${pad}state "${node.key}" as ${id}`);
  }
  return lines;
}

function renderNotes(c: Collected): string[] {
  const lines: string[] = [];
  for (const [node, texts] of c.notes) {
    // A note on the whole machine hangs on its initial state.
    const anchor = node.parent ? node : ((node.initial?.target ?? [])[0] as AnyStateNode | undefined);
    if (!anchor) continue;
    lines.push(`  note right of ${mermaidId(anchor)}`, ...texts.map((t) => `    ${t}`), '  end note');
  }
  return lines;
}

interface ScreenMetaLike {
  path?: string;
  step?: number;
  title?: string;
}

function screenTable(machine: AnyStateMachine): string[] {
  const rows = allNodes(machine.root)
    .map((node) => ({ node, meta: node.meta as ScreenMetaLike | undefined }))
    .filter(({ meta }) => meta?.path);
  if (!rows.length) return [];
  return [
    '',
    '| State | Route (`meta.path`) | Step | Title |',
    '| --- | --- | --- | --- |',
    ...rows.map(
      ({ node, meta }) =>
        `| \`${node.path.join('.')}\` | \`${meta!.path}\` | ${meta!.step ?? ''} | ${meta!.title ?? ''} |`,
    ),
  ];
}

function invokeList(machine: AnyStateMachine): string[] {
  const rows = allNodes(machine.root).flatMap((node) =>
    (node.invoke as { id: string; src: unknown }[]).map(
      (inv) =>
        `- \`${node.path.join('.') || machine.id}\` invokes \`${typeof inv.src === 'string' ? inv.src : inv.id}\``,
    ),
  );
  return rows.length
    ? ['', 'Invoked actors (their outcomes are the `done:` / `error:` transitions):', '', ...rows]
    : [];
}

/** An action as the definition names it; an inline one (which a reader cannot name) as `inline`. */
function describeAction(action: unknown): string {
  if (typeof action === 'string') return action;
  if (action && typeof action === 'object' && 'type' in action) return String(action.type);
  return 'inline';
}

/** The named actions each state runs on entry and on each of its transitions, so the diagram's arrows have words. */
function actionList(machine: AnyStateMachine): string[] {
  const names = (actions: unknown) => (Array.isArray(actions) ? actions : [actions]).map(describeAction);
  const rows = allNodes(machine.root).flatMap((node) => {
    const where = `\`${node.path.join('.') || machine.id}\``;
    const entry = (node.entry as unknown[]).length
      ? [`- ${where} on entry: ${names(node.entry).join(', ')}`]
      : [];
    const onEvents = transitionsOf(node).flatMap(([eventType, list]) =>
      list
        .filter((t) => (t.actions as unknown[]).length)
        .map((t) => {
          const guard = describeGuard(t.guard, machine.id);
          const when = `${describeEvent(eventType)}${guard ? ` [${guard}]` : ''}`;
          return `- ${where} on ${when}: ${names(t.actions).join(', ')}`;
        }),
    );
    return [...entry, ...onEvents];
  });
  return rows.length ? ['', 'Actions (on entering a state, or with a transition):', '', ...rows] : [];
}

function countTransitions(machine: AnyStateMachine): number {
  return allNodes(machine.root).reduce((n, node) => n + transitionsOf(node).flatMap(([, l]) => l).length, 0);
}

export function renderMachine({ machine, file, about }: Documented): string {
  const c = collect(machine);
  const states = allNodes(machine.root).length - 1;
  return [
    `## ${machine.id}`,
    '',
    `${about} Source: \`${file}\`. ${states} states, ${countTransitions(machine)} transitions.`,
    '',
    '```mermaid',
    'stateDiagram-v2',
    ...renderNode(machine.root, c, 1),
    ...renderNotes(c),
    '```',
    ...screenTable(machine),
    ...invokeList(machine),
    ...actionList(machine),
  ].join('\n');
}

/** The whole of docs/statecharts.md. */
export function renderStatecharts(): string {
  return [
    '# Statecharts',
    '',
    '<!-- Generated by `npm run statecharts` (scripts/statecharts.ts) from the machine definitions. Do not edit:',
    '     tests/docs/statecharts.test.ts fails when this file differs from what the script writes. -->',
    '',
    'Each diagram is drawn from the definition itself: nested states are boxes, parallel regions are separated by',
    'dashed lines, and each arrow carries its event and, in brackets, its guard (`else` is the fallback when the',
    'guarded ones fail). A loop is a transition that stays in its state (it runs actions only). `done:` and',
    '`error:` are the outcomes of an invoked actor, `always` an eventless transition.',
    '',
    ...MACHINES.flatMap((m) => [renderMachine(m), '']),
  ].join('\n');
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  writeFileSync(STATECHARTS_PATH, renderStatecharts());
  console.log(`wrote ${STATECHARTS_PATH}`);
}
