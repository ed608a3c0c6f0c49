// The retail suite's world: an in-memory store of customers, orders, returns, refunds and hand-offs, built fresh
// from each case's `state:` for every case × model × repeat. Its methods are the tools of tools.json.
//
// The world enforces what a real order system would (an order exists, a shipped parcel cannot be cancelled or
// re-addressed, a return needs a delivered order and items of it) and answers a violation by throwing: the loop
// sends the message to the model as an error result. It does NOT enforce the return policy of the system prompt
// (identify the customer first, 30 days, no final-sale returns, no refunds by the agent): keeping to the policy
// is what the suite tests, so a model that breaks it changes the state, and the case's `expect.state` and
// `forbid` catch it — as τ-bench judges an agent by the database it leaves behind.
import type { WorldContext, WorldFactory } from 'toolgauge'

/** A postal address as the tools take it. */
export type Address = { street: string; city: string; postal_code: string }

/** One line of an order. */
export type Item = { sku: string; name: string; price: number; final_sale: boolean }

/** An order; `delivered_on` is set once it is delivered. */
export type Order = {
  customer_id: string
  status: 'pending' | 'processing' | 'shipped' | 'delivered' | 'cancelled'
  placed_on: string
  delivered_on?: string
  items: Item[]
  total: number
  address: Address
  cancel_reason?: string
}

/** The whole state: what `snapshot()` returns and `expect.state` matches. */
export type Store = {
  today: string
  customers: Record<string, { name: string; email: string }>
  orders: Record<string, Order>
  returns: { return_id: string; order_id: string; item_skus: string[]; reason: string; status: 'requested' }[]
  refunds: { order_id: string; amount: number }[]
  handoffs: string[]
}

/** The suite's `world: { module: ./world.ts, export: createWorld }`. */
export const createWorld: WorldFactory = (state: unknown, _context: WorldContext) => {
  // The loop gives each world its own deep copy of the case's state: mutating it in place is safe, and the
  // default snapshot (the state object itself) then shows every change.
  const store = state as Store
  const orderOf = (orderId: string): Order => {
    const order = store.orders[orderId]
    if (!order) throw new Error(`no order ${orderId}`)
    return order
  }
  return {
    find_customer_by_email({ email }: { email: string }) {
      const found = Object.entries(store.customers).find(([, customer]) => customer.email.toLowerCase() === email.toLowerCase())
      if (!found) throw new Error(`no customer with email ${email}`)
      return { customer_id: found[0], name: found[1].name }
    },
    list_orders({ customer_id }: { customer_id: string }) {
      if (!store.customers[customer_id]) throw new Error(`no customer ${customer_id}`)
      return Object.entries(store.orders)
        .filter(([, order]) => order.customer_id === customer_id)
        .map(([order_id, order]) => ({ order_id, status: order.status, placed_on: order.placed_on, total: order.total, items: order.items.map((item) => item.name) }))
    },
    get_order({ order_id }: { order_id: string }) {
      return { order_id, ...orderOf(order_id) }
    },
    cancel_order({ order_id, reason }: { order_id: string; reason: string }) {
      const order = orderOf(order_id)
      if (order.status !== 'pending') throw new Error(`order ${order_id} is ${order.status}: only pending orders can be cancelled`)
      order.status = 'cancelled'
      order.cancel_reason = reason
      return { order_id, status: order.status }
    },
    update_shipping_address({ order_id, address }: { order_id: string; address: Address }) {
      const order = orderOf(order_id)
      if (order.status !== 'pending' && order.status !== 'processing') throw new Error(`order ${order_id} is ${order.status}: its address can no longer change`)
      order.address = { street: address.street, city: address.city, postal_code: address.postal_code }
      return { order_id, address: order.address }
    },
    create_return({ order_id, item_skus, reason }: { order_id: string; item_skus: string[]; reason: string }) {
      const order = orderOf(order_id)
      if (order.status !== 'delivered') throw new Error(`order ${order_id} is ${order.status}: only delivered orders can be returned`)
      const unknown = item_skus.find((sku) => !order.items.some((item) => item.sku === sku))
      if (unknown) throw new Error(`order ${order_id} has no item ${unknown}`)
      const entry = { return_id: `R-${store.returns.length + 1}`, order_id, item_skus: [...item_skus], reason, status: 'requested' as const }
      store.returns.push(entry)
      return entry
    },
    refund_order({ order_id, amount }: { order_id: string; amount: number }) {
      orderOf(order_id)
      store.refunds.push({ order_id, amount })
      return { order_id, refunded: amount }
    },
    transfer_to_human({ summary }: { summary: string }) {
      store.handoffs.push(summary)
      return { status: 'transferred', position_in_queue: store.handoffs.length }
    },
  }
}
