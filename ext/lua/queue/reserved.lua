--redislock:reserved
--
-- The tasks in flight, without changing them: [more, after, cursor, then per
-- task id, deadline, attempts, payload, parked] (deadline: when the reservation
-- lapses, in seconds of the server's clock, false when the queue has no
-- visibility to count it by; payload: false when the task has none, or when
-- the server no longer holds the running run's (the sorted-set layout keeps one
-- payload per id: a run enqueued again while this one runs took its place, and
-- top() or delayed() show it); parked: the due time of a run of the same id
-- parked behind this one on the stream layout, false when none). The sorted-set
-- layout's reservations (F, by deadline) come first, then the stream layout's
-- (its PEL, by the time they were delivered, an entry of a reader consumer
-- included: a multi-queue read's surplus that no worker has, back at its
-- visibility; a wake-up entry, which is no task, is passed over). A page at
-- most, resuming after `cursor` ('': the start; "f<score>": after task `after`
-- of F at that deadline, rank_after(); "s<entry id>": after that entry of the
-- PEL). The page also ends once it carries BYTES of payloads (after one task at
-- least): more is 1 when it ended full or on that budget, and the caller asks
-- again from after and cursor (the last place looked at, a task or not), 0 when
-- nothing is left. On the stream layout the deadline is the delivery (or the
-- last renewal, which XCLAIM sets as an idle time) plus the queue's visibility
-- (M's v), and the attempts are the entry's carried ones plus its deliveries (an
-- entry of a reader consumer: its carried ones only).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   receipts  string                     H, the reservations' records
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (group rl)
-- @key   index     string                     X, the stream's index: id -> entry id
-- @key   settings  string                     M, the queue's settings (v, m, b)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   after     string or ''               the last task of the page before ('': none)
-- @arg   cursor    string or ''               its cursor, as the page before gave it ('': the start)

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/tasks.lua"
--#include "common/stream.lua"
-- The most attempts a view answers (a record written by hand may hold more digits).
local MAX_COUNT = 9007199254740991
local n = page(count)
local out, bytes, listed = {0, '', ''}, 0, 0
if n == 0 then return out end
local kind, pos = string.sub(cursor, 1, 1), string.sub(cursor, 2)
local function add(id, deadline, attempts, p, parked)
  out[#out + 1] = id; out[#out + 1] = deadline
  out[#out + 1] = math.min(attempts, MAX_COUNT); out[#out + 1] = p; out[#out + 1] = parked
  listed = listed + 1
  bytes = bytes + (p and #p or 0)
  return bytes >= BYTES
end
if kind ~= 's' then
  local from = 0
  if kind == 'f' then from = rank_after(inflight, after, pos) end
  local items = redis.call('zrange', inflight, from, from + n - 1, 'withscores')
  for i = 1, #items, 2 do
    local id = items[i]
    local _, a = record(receipts, id)
    local p = false
    if not redis.call('zscore', queue, id) then p = redis.call('hget', payloads, id) end
    out[2], out[3] = id, 'f' .. items[i + 1]
    if add(id, items[i + 1], a, p, false) then out[1] = 1; return out end
  end
  if listed == n then out[1] = 1; return out end
  pos = nil
end
if not group_of(stream) then return out end
local v = tonumber(redis.call('hget', settings, 'v'))
local now_ms = math.floor(now_us / 1000)
local want = n - listed
local pel = redis.call('xpending', stream, 'rl', pos and ('(' .. pos) or '-', '+', want)
for _, e in ipairs(pel) do
  local id, p, a, r = entry(stream, e[1])
  out[2], out[3] = '', 's' .. e[1]
  if id then
    if r then p = redis.call('hget', slot(payloads, spare, r), id) end
    local deliveries = e[4]
    if string.find(e[2], '~', 1, true) then deliveries = 0 end
    local deadline = false
    if v then deadline = score((now_ms - e[3] + v) * 1000) end
    local x, due = index_of(redis.call('hget', index, id))
    local parked = false
    if x == e[1] and due ~= '' then parked = due end
    if add(id, deadline, a + deliveries, p, parked) then out[1] = 1; return out end
  end
end
if #pel == want then out[1] = 1 end
return out
