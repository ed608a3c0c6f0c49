// The example suite `toolgauge init` writes: a small order-support assistant, one case per style of expectation,
// and a scripted model answering every case right, so the first run passes offline.

/** The folder of the example suite, relative to the project. */
export const exampleSuiteFolder = 'evals/example'

/** evals/example/tools.json: three tools, in the OpenAI form (bare, Anthropic and MCP forms work too). */
export const exampleTools = `${JSON.stringify([
  {
    type: 'function',
    function: {
      name: 'get_order_status',
      description: 'Look up the shipping status of one order by its id (e.g. A-1042). Use for questions about where a parcel is or when it arrives.',
      parameters: {
        type: 'object',
        properties: { order_id: { type: 'string', pattern: '^A-[0-9]+$', description: 'The order id, e.g. A-1042' } },
        required: ['order_id'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'search_products',
      description: 'Search the product catalogue by keywords, optionally under a maximum price in dollars.',
      parameters: {
        type: 'object',
        properties: {
          query: { type: 'string', description: 'Keywords, e.g. wireless headphones' },
          max_price: { type: 'number', minimum: 0, description: 'Highest price in dollars' },
        },
        required: ['query'],
        additionalProperties: false,
      },
    },
  },
  {
    type: 'function',
    function: {
      name: 'cancel_order',
      description: 'Cancel an order that has not shipped yet. Irreversible: only when the customer asks to cancel.',
      parameters: {
        type: 'object',
        properties: {
          order_id: { type: 'string', pattern: '^A-[0-9]+$', description: 'The order id' },
          reason: { type: 'string', description: 'Why the customer cancels, in their words' },
        },
        required: ['order_id'],
        additionalProperties: false,
      },
    },
  },
], null, 2)}\n`

/** evals/example/suite.yaml: six cases, one per expectation style; the schema comment points into the package. */
export const exampleSuite = `# yaml-language-server: $schema=../../node_modules/toolgauge/suites/suite.schema.json
# An example suite written by \`toolgauge init\`: edit it, copy it, or delete it. Every field is described in
# toolgauge's README ("Suite files"); \`npx toolgauge run\` runs it with the models of toolgauge.config.ts.
name: example
description: An order-support assistant — one case per style of expectation.
tools: ./tools.json
stubs:                                 # recorded tool results: what a tool answers, by its arguments
  get_order_status:
    - when: { order_id: A-1042 }
      result: { order_id: A-1042, status: shipped, carrier: UPS, eta: "2026-12-03" }
    - result: { status: processing }   # no \`when\`: every other order
  search_products:
    - result: [{ name: Quiet Wireless Headphones, price: 79 }]
cases:
  # 1. One expected call with exact arguments.
  - id: order-status
    prompt: Where is my order A-1042?
    expect:
      calls: [{ name: get_order_status, args: { order_id: A-1042 } }]

  # 2. Argument matchers: a regular expression and a numeric range instead of exact values.
  - id: search-under-budget
    prompt: Find me wireless headphones for less than 100 dollars.
    expect:
      calls:
        - name: search_products
          args: { query: { regex: headphones, flags: i }, max_price: { range: [1, 100] } }

  # 3. No call at all: small talk needs no tool.
  - id: small-talk
    prompt: Hi! What can you help me with?
    expect:
      no_call: true

  # 4. The final answer: after the call, the reply must say what the tool returned.
  - id: status-in-answer
    prompt: Has order A-1042 shipped yet?
    expect:
      calls: [{ name: get_order_status, args: { order_id: A-1042 } }]
      final: { contains: [shipped] }

  # 5. Order and forbidden calls: check the status first, then cancel — and never search the catalogue.
  - id: check-then-cancel
    prompt: Please cancel order A-7 if it has not shipped; I ordered the wrong size.
    expect:
      calls:
        - name: get_order_status
          args: { order_id: A-7 }
        - name: cancel_order
          args: { order_id: A-7, reason: { any: true } }
      order: in_order
      forbid: [{ name: search_products }]

  # 6. Parallel calls: both lookups in one assistant turn.
  - id: two-orders-at-once
    prompt: What is the status of orders A-1 and A-2?
    expect:
      calls:
        - name: get_order_status
          args: { order_id: A-1 }
        - name: get_order_status
          args: { order_id: A-2 }
      parallel: true
`

/** evals/example/scripted-model.yaml: hand-written answers per case id (a stand-in for a real model, offline). */
export const exampleScript = `# A scripted model: hand-written assistant turns per case id, so \`npx toolgauge run\` works offline and in CI
# without a key. Replace it in toolgauge.config.ts with a real model (e.g. openai:gpt-4.1-mini) when you are ready.
order-status:
  - tool_calls: [{ name: get_order_status, arguments: { order_id: A-1042 } }]
  - content: Your order A-1042 has shipped with UPS and should arrive on December 3.
search-under-budget:
  - tool_calls: [{ name: search_products, arguments: { query: wireless headphones, max_price: 100 } }]
  - content: The Quiet Wireless Headphones are $79.
small-talk:
  - content: I can look up your orders, search the catalogue and cancel an order that has not shipped.
status-in-answer:
  - tool_calls: [{ name: get_order_status, arguments: { order_id: A-1042 } }]
  - content: Yes — order A-1042 has shipped (UPS, arriving December 3).
check-then-cancel:
  - tool_calls: [{ name: get_order_status, arguments: { order_id: A-7 } }]
  - tool_calls: [{ name: cancel_order, arguments: { order_id: A-7, reason: wrong size } }]
  - content: Order A-7 was still processing, so I cancelled it.
two-orders-at-once:
  - tool_calls:
      - { name: get_order_status, arguments: { order_id: A-1 } }
      - { name: get_order_status, arguments: { order_id: A-2 } }
  - content: Both orders A-1 and A-2 are still processing.
`
