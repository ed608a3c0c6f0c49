/**
 * The page's only script: filter the case list by text and status, expand or collapse all, open the case a link's
 * `#case-…` fragment names. It reads no data from the page except the escaped data-* attributes and element ids,
 * and writes no HTML (only `hidden` and `open`).
 */
export const script = `
(() => {
  const search = document.getElementById('case-search')
  const statusSelect = document.getElementById('case-status')
  const cases = Array.from(document.querySelectorAll('details.case'))
  const apply = () => {
    const text = search.value.trim().toLowerCase()
    const wanted = statusSelect.value
    for (const entry of cases) {
      const matches = (!text || entry.dataset.search.includes(text)) && (wanted === 'all' || entry.dataset.status === wanted)
      entry.hidden = !matches
    }
  }
  search.addEventListener('input', apply)
  statusSelect.addEventListener('change', apply)
  document.getElementById('expand-all').addEventListener('click', () => cases.forEach((c) => { if (!c.hidden) c.open = true }))
  document.getElementById('collapse-all').addEventListener('click', () => cases.forEach((c) => { c.open = false }))
  const openTarget = () => {
    const target = location.hash.length > 1 ? document.getElementById(decodeURIComponent(location.hash.slice(1))) : null
    const entry = target ? target.closest('details.case') : null
    if (entry) { entry.hidden = false; entry.open = true; target.scrollIntoView() }
  }
  addEventListener('hashchange', openTarget)
  openTarget()
})()
`
