// A message about a model's key or server says what to change, in the names of the surface the user is on: the
// toolgauge CLI has flags and config keys (--base-url, api_key_env under providers:), the library — runEvaluation,
// runCase, describeSuite, createProvider — the options of ProviderOptions and modelOptions (baseUrl, apiKeyEnv).
// Every such message takes its names from here (`optionNames`), so no message words a surface of its own.

/** Whose names messages give the options: the CLI's flags and config keys, or the library's option names. */
export type OptionSurface = 'cli' | 'library'

/** What a surface calls the options that point a model at its key and server. */
export type OptionNames = {
  /** Where a model spec is given (the field of an error about one). */
  readonly model: string
  /** The option naming the variable that holds a key (a field, and `named by …`). */
  readonly keyVariable: string
  /** Where to name a key variable other than the provider's own. */
  readonly anotherKeyVariable: string
  /** How to send a key from a variable when none is sent (openai-compatible: sends none unless told). */
  readonly sendKey: string
  /** The option giving a model's host. */
  readonly baseUrl: string
  /**
   * How to give a model without a default host its server's URL: its own first — the one way for a judge or a
   * simulated user, which the run-wide setting never reaches (runner/suite-models.ts) —, then the run-wide one.
   */
  readonly giveServer: (spec: string) => string
  /** The run-wide server settings (they reach openai-compatible: models only). */
  readonly runWide: { readonly baseUrl: string; readonly apiKeyEnv: string }
  /** Where one model gets a server and key of its own. */
  readonly ownServer: string
  /** The run-wide batch mode, recording and replaying (each excludes batch mode). */
  readonly batch: string
  readonly record: string
  readonly replay: string
  /** Continuing a run, and sending again the requests of a batch whose creation failed uncertainly. */
  readonly resume: string
  readonly resubmit: string
  /** Continuing a batch run, and the option that sends an uncertainly created batch's requests again. */
  readonly resumeBatch: string
  readonly resubmitOption: string
  /** The model that answers every case offline. */
  readonly offlineModel: string
  /** How to give a scripted model's turns file as the model. */
  readonly scriptedModel: string
  /** How to merge an incomplete set of reports anyway. */
  readonly allowPartial: string
  /** A run's case selection, out folder and repeats (a fixed number, or up to a number until gates are decided). */
  readonly filter: string
  readonly outDir: string
  readonly repeat: string
  readonly repeatUntil: string
  /** What cuts a run short: failed cases, cost. */
  readonly bail: string
  readonly maxCost: string
  /** The gate --repeat-until decides on. */
  readonly minAccuracyGate: string
  /** A run's share of a sharded run. */
  readonly shard: string
  /** BFCL's import and scoring: its data and results folders, the categories imported, BFCL's source folder, the models whose names keep dots. */
  readonly dataDir: string
  readonly resultsDir: string
  readonly category: string
  readonly bfclSource: string
  readonly keepDotsFor: string
  /** How to have the fuzzer count a repaired invalid input as a repair. */
  readonly allowRepair: string
  /** How to give one model entry its own label (one spec run as two rows, two specs as two models). */
  readonly labelled: string
}

const cli: OptionNames = {
  model: '--model',
  keyVariable: '--api-key-env or api_key_env',
  anotherKeyVariable: 'api_key_env in the config',
  sendKey: '--api-key-env NAME, or api_key_env in the config',
  baseUrl: '--base-url or base_url',
  giveServer: (spec) => `give it base_url under providers: in the config (providers: { "${spec}": { base_url: http://localhost:11434/v1 } }), or pass --base-url for every openai-compatible: model under test`,
  runWide: { baseUrl: '--base-url', apiKeyEnv: '--api-key-env' },
  ownServer: 'base_url / api_key_env under providers: in the config',
  batch: '--batch',
  record: '--record',
  replay: '--replay',
  resume: '--resume',
  resubmit: 'pass --batch-resubmit',
  resumeBatch: '--resume --batch',
  resubmitOption: '--batch-resubmit',
  offlineModel: '--model baseline',
  scriptedModel: '--model scripted:<file>',
  allowPartial: 'pass --allow-partial',
  filter: '--filter',
  outDir: '--out',
  repeat: '--repeat',
  repeatUntil: '--repeat-until',
  bail: '--bail',
  maxCost: '--max-cost',
  minAccuracyGate: 'a --min-accuracy gate',
  shard: '--shard',
  dataDir: '--data',
  resultsDir: '--results',
  category: '--category',
  bfclSource: '--bfcl-source',
  keepDotsFor: '--keep-dots-for',
  allowRepair: 'pass --allow-repair',
  labelled: 'models: - { model: …, label: … }',
}

const library: OptionNames = {
  model: 'model',
  keyVariable: 'apiKeyEnv',
  anotherKeyVariable: 'apiKeyEnv in modelOptions',
  sendKey: 'apiKeyEnv in modelOptions, or in providerOptions for every openai-compatible: model under test',
  baseUrl: 'baseUrl',
  giveServer: (spec) => `give it baseUrl in modelOptions (modelOptions: { '${spec}': { baseUrl: 'http://localhost:11434/v1' } }), or in providerOptions for every openai-compatible: model under test`,
  runWide: { baseUrl: 'providerOptions.baseUrl', apiKeyEnv: 'providerOptions.apiKeyEnv' },
  ownServer: 'baseUrl / apiKeyEnv in modelOptions',
  batch: 'providerOptions.batch',
  record: 'recordDir',
  replay: 'replayDir',
  resume: 'resume',
  resubmit: 'set batchResubmit: true',
  resumeBatch: 'resume with providerOptions.batch',
  resubmitOption: 'batchResubmit: true',
  offlineModel: "the model 'baseline'",
  scriptedModel: "model: 'scripted:<file>'",
  allowPartial: 'set allowPartial: true',
  filter: 'filter',
  outDir: 'outDir',
  repeat: 'repeat',
  repeatUntil: 'repeatUntil',
  bail: 'bail',
  maxCost: 'maxCostUsd',
  minAccuracyGate: "a gate of type 'min-accuracy' in gates",
  shard: 'shard',
  dataDir: 'dataDir',
  resultsDir: 'resultsDir',
  category: 'categories',
  bfclSource: 'bfclSource',
  keepDotsFor: 'keepDotsFor',
  allowRepair: 'set allowRepair: true',
  labelled: 'models: [{ spec: …, label: … }]',
}

const surfaces: { readonly [S in OptionSurface]: OptionNames } = { cli, library }

/** The names of the surface these options came from (the library's unless the CLI said it built them). */
export function optionNames(options: { readonly optionNames?: OptionSurface } | undefined): OptionNames {
  return surfaces[options?.optionNames ?? 'library']
}
