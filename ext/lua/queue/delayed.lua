--redislock:delayed
--
-- The tasks not due yet, without changing them, earliest due first: [more, id,
-- score, attempts, payload, ...] (attempts: the runs it has had since it was
-- last finished, from its record; payload: false when the task has none). At most a page
-- of them, from the rank after the last task of the page before
-- (rank_after()), and never below the first task not due by the server's clock.
-- The page also ends once it carries BYTES of payloads (after one task at least):
-- more is 1 when it ended full or on that budget (the caller asks again from its
-- last task), 0 when nothing is left after it. Both layouts keep delayed tasks in
-- Z, their payloads in P (or Q, a payload by reference of a run parked behind
-- one of its id).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   receipts  string                     H, the reservations' records
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   count     integer                    how many tasks at most (a page at most)
-- @arg   after     string or ''               the last task of the page before ('': none)
-- @arg   after_score string or ''             its score, as the page before gave it

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/tasks.lua"
local n = page(count)
local from = rank_after(queue, after, after_score)
local first = redis.call('zcount', queue, '-inf', score(now_us))
if from < first then from = first end
local out, bytes, listed = {0}, 0, 0
if n == 0 then return out end
local items = redis.call('zrange', queue, from, from + n - 1, 'withscores')
for i = 1, #items, 2 do
  local id = items[i]
  local p = redis.call('hget', payloads, id)
  if not p then p = redis.call('hget', spare, id) end
  local _, a = record(receipts, id)
  out[#out + 1] = id; out[#out + 1] = items[i + 1]; out[#out + 1] = a; out[#out + 1] = p
  listed = listed + 1
  bytes = bytes + (p and #p or 0)
  if bytes >= BYTES then out[1] = 1; return out end
end
if listed == n then out[1] = 1 end
return out
