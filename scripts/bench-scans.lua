-- wrk script for scripts/bench-timers.mjs --tool wrk: each wrk thread toggles its own pool of stopped items,
-- starting every item of the pool in turn, then stopping every one, and so on. A pool is far larger than the
-- connections a thread keeps in flight, so an item's stop is sent long after its start was answered: every call
-- is a real toggle (the script counts any other answer, and bench-timers.mjs fails the run on one). bench-timers.mjs
-- sizes the pools so that no item goes round more times than it has departments to advance through.
-- Arguments: ids file (one stopped item id per line), items per thread, cookie, origin.
local counter = 1
local threads = {}

function setup(thread)
  thread:set("tid", counter)
  counter = counter + 1
  table.insert(threads, thread)
end

function init(args)
  local ids = {}
  for line in io.lines(args[1]) do table.insert(ids, tonumber(line)) end
  pool = tonumber(args[2])
  pooled = {}
  for k = 1, pool do pooled[k] = ids[(tid - 1) * pool + k] end
  cookie = args[3]
  origin = args[4]
  -- wrk calls request() once on the first thread before the run to check it; that request is never sent.
  i = (tid == 1) and -1 or 0
  bad = 0
  statuses = {}
end

function request()
  local item = pooled[(i % pool) + 1]
  local verb = (math.floor(i / pool) % 2 == 0) and "start-timer" or "end-timer"
  i = i + 1
  return wrk.format("POST", "/api/items/" .. item .. "/" .. verb, { ["Cookie"] = cookie, ["Origin"] = origin, ["Content-Length"] = "0" })
end

function response(status, headers, body)
  if status ~= 200 then
    bad = bad + 1
    statuses[status] = (statuses[status] or 0) + 1
  end
end

function done(summary, latency, requests)
  local notOk = 0
  for _, t in ipairs(threads) do notOk = notOk + t:get("bad") end
  io.write(string.format(
    '{"requests":%d,"seconds":%.3f,"p50ms":%.3f,"p90ms":%.3f,"p99ms":%.3f,"p999ms":%.3f,"maxMs":%.3f,"non2xx":%d,"errors":%d,"timeouts":%d}\n',
    summary.requests, summary.duration / 1e6, latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency:percentile(99.9) / 1000, latency.max / 1000, notOk,
    summary.errors.connect + summary.errors.read + summary.errors.write + summary.errors.status, summary.errors.timeout))
end
