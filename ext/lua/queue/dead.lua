--redislock:dead
--
-- The oldest dead letters: [id, time died, attempts, payload, ...] (payload: nil
-- when the task has none). At most a page of them, from the rank after the last
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

--#include "common/tasks.lua"
--#include "common/page.lua"
--#include "common/payloads.lua"
local out, ids = {}, {}
local from = rank_after(dead, after, after_score)
local entries = redis.call('zrange', dead, from, from + page(count) - 1, 'withscores')
for i = 1, #entries, 2 do ids[#ids + 1] = entries[i] end
local bodies = payloads_of(payloads, ids, spare)
for k = 1, #ids do
  local _, a = record(receipts, ids[k])
  out[#out + 1] = ids[k]; out[#out + 1] = entries[2 * k]; out[#out + 1] = a; out[#out + 1] = bodies[k]
end
return out
