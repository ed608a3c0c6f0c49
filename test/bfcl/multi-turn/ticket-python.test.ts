import { describe, expect, it } from 'vitest'
import { loadedEnvironment } from './loaded-environment.ts'

// BFCL's TicketAPI (ticket_api.py) on arguments of the wrong type: Python raises where a JS coercion carried on.

const tickets = () => loadedEnvironment('TicketAPI', '{"ticket_queue": [{"id": 1, "title": "t", "description": "d", "status": "Open", "priority": 2, "created_by": "ann"}], "ticket_counter": 2, "current_user": "ann"}')

describe("TicketAPI as BFCL's Python runs it", () => {
  it('a priority that is no number fails the comparison and creates no ticket', () => {
    const { run, env } = tickets()
    expect(run("create_ticket(title='x',priority='3')")).toBe("Error during execution: '<' not supported between instances of 'str' and 'int'")
    expect(new Map(env.state()).get('ticket_queue')).toHaveLength(1)
  })

  it('updates that are no dict raise (no silent success); a status filter that is no str raises', () => {
    const { run } = tickets()
    expect(run("edit_ticket(ticket_id=1,updates=['title'])")).toBe("Error during execution: 'list' object has no attribute 'keys'")
    expect(run('get_user_tickets(status=1)')).toBe("Error during execution: 'int' object has no attribute 'lower'")
  })

  // Audited against ticket_api.py (HuanzhiMao/gorilla 0f03f60f, as ShishirPatil 527b31bf): resolve_ticket refuses a
  // ticket already resolved and keeps its first resolution.
  it('resolving a resolved ticket is an error and leaves its resolution', () => {
    const { run, env } = tickets()
    expect(run("resolve_ticket(ticket_id=1,resolution='first')")).toBe('{"status": "Ticket 1 has been resolved successfully."}')
    expect(run("resolve_ticket(ticket_id=1,resolution='second')")).toBe('{"error": "Ticket with ID 1 is already resolved."}')
    const queue = new Map(env.state()).get('ticket_queue') as Map<string, unknown>[]
    expect(queue[0]!.get('resolution')).toBe('first')
  })
})
