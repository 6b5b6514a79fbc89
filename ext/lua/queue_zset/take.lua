--redislock:take
--
-- Takes up to count due tasks (a page at most) from the first queue that has
-- any, the queues in the caller's order of preference. An id that is in flight and was enqueued again
-- meanwhile is skipped until its run ends (ack, release or expiry): taking it would
-- run it twice at once. Returns [queue index, id, score, payload, ...] for pop,
-- [queue index, id, score, receipt, attempts, payload, ...] for reserve (payload:
-- nil when the task has none), or, when nothing is due, the milliseconds until
-- something might be (-1: nothing scheduled) for a waiting caller. A popped
-- task's payload goes with it; a reserved one's stays until the run ends. The
-- page also ends once the payloads it hands over reach BYTES (one task at
-- least), so that a call's reply is bounded in bytes as well as in members.
-- reserve never takes from a queue on the stream layout (its stream exists):
-- when no other queue gave tasks it answers [0, the milliseconds as above, the
-- indexes of those queues], and the caller reads their streams. pop takes
-- nothing from such a queue either: stream_pop does, after this one.
-- A pop from one queue of the zset layout with nothing in flight, no records and
-- no payloads (the common queue of bare ids) has nothing to skip and nothing to clean: it takes
-- the first tasks with ZPOPMIN and puts back any that are not due yet, before the
-- shared pieces below are even defined (each costs the server time per call).
-- It passes the turn on only for a caller just woken (see there), and answers
-- "nothing due" itself: the first task it put back is the next one due.
--
-- @key   queue     string, list               Z, the queue: task ids by due time (s), of queue i
-- @key   inflight  string, list               F, the tasks in flight by reservation deadline, of
--                                             queue i
-- @key   wakeup    string, list               W, the wake-up list blocked workers BLPOP on, of
--                                             queue i
-- @key   receipts  string, list               H, the reservations' records, of queue i
-- @key   dead      string, list               D, the dead letters by the time they died, of queue i
-- @key   payloads  string, list               P, the tasks' payloads by id, of queue i
-- @key   stream    string, list               S, the stream of queue i: a queue whose stream exists is
--                                             on the stream layout, and reserve leaves it to the
--                                             stream's reads
-- @key   paused    string, list               G, the pause: exists while queue i is paused
-- @key   counts    string, list               C, the counters of queue i (common/counts.lua)
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   reserve   flag 'reserve' 'pop'       reserve, or pop
-- @arg   visibility number                    how long a reservation lasts (s)
-- @arg   waiting   flag '1' '0'               whether the caller blocks when nothing is due
-- @arg   base      string or ''               the receipts' random base (reserve only)
-- @arg   attempts  integer                    the most reservations a task gets (0: no limit)
-- @arg   backoff   number                     the backoff (s) after a first failed attempt
-- @arg   woken     flag '1' '', trailing      whether the caller was woken from its wake-up lists
--                                             since its last call (pop's fast path passes the
--                                             turn on only then)
-- @arg   snap      flag '1' '', trailing      whether to take the minute's snapshot of each
--                                             queue's counters if not taken (a reserve() of an
--                                             object that has not asked for a second)

--#include "common/page.lua"
--#include "common/zset_pop.lua"
count = page(count)
if #KEYS == 9 and reserve == 'pop' and redis.call('exists', KEYS[2], KEYS[4], KEYS[6], KEYS[7], KEYS[8]) == 0 then
  return pop_due(KEYS[1], KEYS[3], count, woken, waiting)
end
--#include "common/tasks.lua"
--#include "common/payloads.lua"
local now = score(now_us)
reserve = reserve == 'reserve'
local next_us = -1
-- Over all the queues, this call settles a page of expired reservations at most,
-- and looks at about two pages of due tasks for ones that are not in flight.
local budget, scan = PAGE, 2 * PAGE
local streams = {0, -1}
local function consider(sc) local us = math.floor(tonumber(sc) * 1000000); if next_us < 0 or us < next_us then next_us = us end end
for q = 1, #KEYS / 9 do
  local Z, F, W, H, D, P = KEYS[9 * q - 8], KEYS[9 * q - 7], KEYS[9 * q - 6], KEYS[9 * q - 5], KEYS[9 * q - 4], KEYS[9 * q - 3]
  -- S counted twice: 2 or 3 on the stream layout, 1 or 3 while paused, in one call.
  local held = redis.call('exists', KEYS[9 * q - 2], KEYS[9 * q - 2], KEYS[9 * q - 1])
  if held >= 2 then
    -- On the stream layout: its Z holds only what its upkeep promotes, and an
    -- id there may be in flight on the stream, which this script cannot see.
    -- reserve reads its stream; pop leaves it to stream_pop, which promotes
    -- only what is not in flight.
    if reserve then streams[#streams + 1] = q end
  else
  local busy, settled = settle_expired(Z, F, H, D, budget, KEYS[9 * q])
  if reserve and snap == '1' then snapshot(KEYS[9 * q], now_us) end
  budget = budget - settled
  -- A paused queue hands nothing out until its pause ends (its expired
  -- reservations are settled all the same).
  local paused = held == 1 and redis.call('pttl', KEYS[9 * q - 1]) or -2
  local items = paused == -2 and redis.call('zrangebyscore', Z, '-inf', now, 'withscores', 'limit', 0, count) or {}
  if paused >= 0 then next_us = next_us < 0 and now_us + paused * 1000 or math.min(next_us, now_us + paused * 1000) end
  if busy and scan <= 0 then items = {} end
  if busy and #items > 0 then
    -- Leave out ids in flight; look further along for as many others, within the
    -- scan left: tasks queued behind more ids in flight than that wait until
    -- those runs end.
    local want, offset, kept = #items / 2, 0, {}
    while #items > 0 do
      for i = 1, #items, 2 do
        if #kept < want * 2 and not redis.call('zscore', F, items[i]) then
          kept[#kept + 1] = items[i]; kept[#kept + 1] = items[i + 1]
        end
      end
      offset = offset + #items / 2
      if #kept >= want * 2 or #items / 2 < want or offset >= scan then break end
      items = redis.call('zrangebyscore', Z, '-inf', now, 'withscores', 'limit', string.format('%d', offset), string.format('%d', want))
    end
    scan = scan - offset
    items = kept
  end
  -- A page is bounded in bytes as well: the payloads it hands over end it at
  -- BYTES (one task at least); the tasks past it stay due for the next call.
  if #items > 2 and redis.call('exists', P) == 1 then
    local bytes, keep = 0, 0
    for i = 1, #items, 2 do
      local n = redis.call('hstrlen', P, items[i])
      if keep > 0 and bytes + n > BYTES then break end
      bytes, keep = bytes + n, keep + 1
    end
    for i = #items, 2 * keep + 1, -1 do items[i] = nil end
  end
  if #items > 0 then
    local ids, out = {}, {q}
    for i = 1, #items, 2 do ids[#ids + 1] = items[i] end
    chunked({'zrem', Z}, ids)
    local payloads = payloads_of(P, ids)
    if reserve then
      local deadline = score(us_after(visibility))
      local inflight = {}
      for k = 1, #ids do
        local id = ids[k]
        local _, a = record(H, id)
        local receipt = base .. ':' .. k
        set_record(H, id, receipt, a + 1, tonumber(attempts), backoff)
        inflight[#inflight + 1] = deadline; inflight[#inflight + 1] = id
        out[#out + 1] = id; out[#out + 1] = items[2 * k]; out[#out + 1] = receipt; out[#out + 1] = a + 1
        out[#out + 1] = payloads[k]
      end
      chunked({'zadd', F}, inflight)
    else
      -- A popped task is done with: its record goes.
      if redis.call('exists', H) == 1 then chunked({'hdel', H}, ids) end
      if payloads.any then chunked({'hdel', P}, ids) end
      for k = 1, #ids do
        out[#out + 1] = ids[k]; out[#out + 1] = items[2 * k]; out[#out + 1] = payloads[k]
      end
    end
    -- Pass the turn on: tasks left due wake the next blocked worker (the initial
    -- wake-up is capped), and a new reservation makes a blocked worker recompute
    -- its deadline, so an expiring reservation is picked up on time.
    if redis.call('llen', W) == 0 and (reserve or redis.call('zcount', Z, '-inf', now) > 0) then wake_one(W) end
    return out
  end
  -- An empty answer to a caller about to block: old wake-up tokens are stale
  -- (whatever they announced is already visible to this very script).
  if waiting == '1' then redis.call('del', W) end
  -- The next moment something may be takeable here: the first queued task that
  -- is not in flight, or the first reservation to expire (whose ack or release
  -- also wakes a waiter).
  local first = redis.call('zrange', F, 0, 0, 'withscores')
  if #first > 0 then consider(first[2]) end
  -- Nothing due is takeable (what is due is in flight), so the next takeable
  -- task is one not due yet: the first of those not in flight, or, if the
  -- first 100 are all in flight, no earlier than the 100th.
  local later = paused == -2 and redis.call('zrangebyscore', Z, '(' .. now, '+inf', 'withscores', 'limit', 0, 100) or {}
  for i = 1, #later, 2 do
    if not busy or not redis.call('zscore', F, later[i]) or i == #later - 1 then consider(later[i + 1]); break end
  end
  end
end
local hint = next_us < 0 and -1 or math.max(0, math.ceil((next_us - now_us) / 1000))
if #streams > 2 then
  streams[2] = hint
  return streams
end
return hint
