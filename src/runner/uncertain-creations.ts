import type { JournaledCreation } from '../core/batch.ts'
import type { Case } from '../core/case.ts'
import { InputError } from '../core/errors.ts'
import type { Provider } from '../core/provider.ts'
import { batchTaskKey } from '../providers/batch/batch-ids.ts'
import { submissionTagKey } from '../providers/batch/create-once.ts'
import { type BatchJournal, journaledRequests } from '../providers/batch/batch-journal.ts'
import type { PlannedTask } from './run-plan.ts'
import type { OptionNames } from '../core/option-names.ts'

/**
 * `--resume --batch` after a batch-creating call failed uncertainly (the API may have created — and will bill — the
 * batch, but no id came back; Anthropic's Message Batches always ends there, having no tag to find a batch by): the
 * requests of that creation would be submitted again, silently paid twice. Without `--batch-resubmit` (the caller's
 * to check), a run whose tasks include any such request stops before its first request: an InputError (exit 2) per model
 * naming how many requests, where the batch was being created, the submission tag to look for and what to do.
 */
export async function refuseUncertainResubmits(
  journal: BatchJournal,
  providers: readonly Provider[],
  tasks: readonly PlannedTask[],
  caseAt: (caseIndex: number) => Promise<Case>,
  names: OptionNames,
): Promise<void> {
  const problems: string[] = []
  for (const [modelIndex, provider] of providers.entries()) {
    if (provider.batch === undefined) continue
    // task key → the unresolved creations' entries of that task (one per turn it reached).
    const unresolved = new Map<string, JournaledCreation[]>()
    for (const request of journaledRequests(journal.linesOf(provider.id)).values()) {
      if (request.kind !== 'creating') continue
      const creations = unresolved.get(request.task)
      if (creations) creations.push(request.creation)
      else unresolved.set(request.task, [request.creation])
    }
    if (unresolved.size === 0) continue
    const concerned: JournaledCreation[] = []
    for (const task of tasks) {
      if (task.modelIndex !== modelIndex) continue
      const testCase = await caseAt(task.caseIndex)
      const key = batchTaskKey(provider.id, { suite: testCase.suite, caseId: testCase.id, repeat: task.repeat, ...(testCase.variant !== undefined ? { variant: testCase.variant } : {}) })
      for (const creation of unresolved.get(key) ?? []) concerned.push(creation)
    }
    if (concerned.length > 0) problems.push(problemOf(provider, concerned))
  }
  if (problems.length === 0) return
  throw new InputError(
    `${problems.join('; ')} — check the provider's batch list; if no batch was created, ${names.resubmit} to send them again (if one was, its requests are paid for: let it finish there)`,
    { file: journal.file, field: names.resume },
  )
}

function problemOf(provider: Provider, creations: readonly JournaledCreation[]): string {
  const hosts = [...new Set(creations.map((creation) => creation.host ?? 'its host'))]
  const since = creations.map((creation) => creation.startedAt).sort()[0]
  const tags = [...new Set(creations.map((creation) => creation.tag))].join(' or ')
  return `${provider.id}: ${creations.length} request(s) of this run were in a batch being created at ${hosts.join(', ')} (${since}) whose creation failed uncertainly — the batch may exist and be billed, and --resume --batch would submit them again; ${whereTagged(provider.spec ?? provider.id, tags)}`
}

/** How a person knows the batch in its provider's list: by the submission's journal tag, where its API has a field for one. */
function whereTagged(spec: string, tags: string): string {
  switch (spec.slice(0, spec.indexOf(':'))) {
    case 'openai':
    case 'openai-responses':
      return `the batch, if created, carries ${tags} in its metadata.${submissionTagKey}`
    case 'google':
      return `the batch, if created, has a display name ending with ${tags}`
    case 'anthropic':
      return 'Message Batches carries no tag of ours: look for a batch created then'
    default:
      return `its submission tag: ${tags}`
  }
}
