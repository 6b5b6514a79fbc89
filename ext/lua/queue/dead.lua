--redislock:dead
--
-- The oldest dead letters: [id, time died, attempts, payload, ...] (payload: nil
-- when the task has none; with cut, [its first cut bytes, its length]). At most a page of them, from the rank after the last
-- dead letter of the page before (rank_after()).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   count     integer                    how many at most (a page at most)
-- @arg   after     string or ''               the last dead letter of the page before ('': none)
-- @arg   after_score string or ''             its time, as the page before gave it
-- @arg   cut       string, trailing           left out: each payload whole; else at most that many bytes of it, as [those bytes, the payload's length]; 0 reads the length alone (HSTRLEN, no copy)

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/payloads.lua"
local out, ids = {}, {}
local from = rank_after(dead, after, after_score)
local entries = redis.call('zrange', dead, from, from + page(count) - 1, 'withscores')
for i = 1, #entries, 2 do ids[#ids + 1] = entries[i] end
local n = tonumber(cut)
local bodies = {}
if n == 0 then
  -- The lengths alone: no payload is copied.
  for k = 1, #ids do
    local len = redis.call('hstrlen', payloads, ids[k])
    if len == 0 and redis.call('hexists', payloads, ids[k]) == 0 then
      len = redis.call('hstrlen', spare, ids[k])
      if len == 0 and redis.call('hexists', spare, ids[k]) == 0 then len = false end
    end
    bodies[k] = len and {'', len}
  end
else
  bodies = payloads_of(payloads, ids, spare)
  if n then
    for k = 1, #ids do
      if bodies[k] then bodies[k] = {string.sub(bodies[k], 1, n), #bodies[k]} end
    end
  end
end
for k = 1, #ids do
  local _, a = record(receipts, ids[k])
  out[#out + 1] = ids[k]; out[#out + 1] = entries[2 * k]; out[#out + 1] = a; out[#out + 1] = bodies[k] or false
end
return out
