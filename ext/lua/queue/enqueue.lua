--redislock:enqueue
--
-- An id already queued keeps its due time and its payload unless replace is set
-- (ZADD NX versus plain ZADD). A task that is added or replaced carries exactly
-- the payload given, or none. A dead id enqueued again leaves the dead letters and
-- starts with its attempts and its old payload forgotten. Returns [how many were
-- added or changed, the due time]: a list longer than a page goes in pages, all
-- sent in one write, and the page of a call that runs first records its due time
-- in T under the call's token for the others, so the ids of one call share one due
-- time, the server's, as one script would have given them.
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   inflight  string                     F, the tasks in flight by reservation deadline
-- @key   wakeup    string                     W, the wake-up list blocked workers BLPOP on
-- @key   receipts  string                     H, the reservations' records
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   stream    string                     S, the stream of ready and in-flight tasks (stream layout)
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   settings  string                     M, the queue\'s settings (r: runs parked in X; p: payloads
--                                             by reference)
-- @key   spare     string                     Q, the payloads by reference that P cannot hold (see
--                                             common/stream.lua)
-- @key   dues      string                     T, the due times of the calls still paging (hash: call token
--                                             -> due time; it expires, see below)
-- @key   paused    string                     G, the pause: exists while the queue is paused
-- @key   keyed     string                     K, submit()'s uniqueness keys (common/keyed.lua)
-- @arg   streamed  flag '1' '0'               whether the queue may be on the stream layout (its S exists)
-- @arg   delay     number                     the delay (s)
-- @arg   call      string or ''               the call's token when it has more than one page ('': one page)
-- @arg   last      flag '1' '0'               whether this is the call's last page (it forgets the due time)
-- @arg   replace   flag '1' '0'               whether an id already queued takes the new due time
-- @arg   paired    integer                    how many ids, at the front of the list, are each followed by
--                                             their payload
-- @arg   item      owned string, list         the task ids (the first paired ones each followed by their
--                                             payload), a page at most

--#include "common/now.lua"
--#include "common/chunked.lua"
--#include "common/wake.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
--#include "common/put.lua"
--#include "common/keyed.lua"
paired = tonumber(paired)
local ids, payload = {}, {}
for i = 1, paired do ids[i] = ARGV[5 + 2 * i]; payload[i] = ARGV[6 + 2 * i] end
for i = 7 + 2 * paired, #ARGV do ids[#ids + 1] = ARGV[i] end
if #ids > PAGE then return redis.error_reply('ERR over ' .. PAGE .. ' ids in one call') end
if redis.call('exists', dead) == 1 then
  for _, id in ipairs(ids) do revive(dead, receipts, payloads, spare, id) end
end
-- The due time of a call of several pages: the one its first page to run took,
-- by this server's clock; T keeps it until the call's last page runs, or for ten
-- minutes (a call whose last page never came). T stays small: at 256 calls in
-- progress it starts again (a call then paging gives its later pages a due time of
-- their own).
local due = call ~= '' and redis.call('hget', dues, call)
if not due then
  due = score(us_after(delay))
  if call ~= '' and last == '0' then
    if redis.call('hlen', dues) >= 256 then redis.call('del', dues) end
    redis.call('hset', dues, call, due); redis.call('pexpire', dues, 600000)
  end
elseif last == '1' then
  redis.call('hdel', dues, call)
end
replace = replace == '1'
local changed = 0
-- S counted twice: 2 or 3 on the stream layout, 1 or 3 while paused; K four
-- times: 4 more when any key is held; in one call.
local held = redis.call('exists', stream, stream, paused, keyed, keyed, keyed, keyed)
-- A run that starts from nothing lets go of a key its id's earlier run held.
if held >= 4 then
  for _, id in ipairs(ids) do let_go_if_gone(keyed, queue, inflight, index, id) end
end
held = held % 4
if streamed == '1' and held >= 2 then
  -- The stream layout (common/put.lua).
  local ref, nudged, c = by_ref(settings), false, 0
  for i, id in ipairs(ids) do
    c, nudged = put_stream(queue, inflight, payloads, receipts, stream, index, settings, spare, id, payload[i] or false,
      due, replace, ref, nudged)
    changed = changed + c
  end
  return {changed, due}
end
if paired == 0 and redis.call('exists', payloads) == 0 then
  -- No payload given and none stored: the ids go in a thousand at a time.
  local members = {}
  for _, id in ipairs(ids) do members[#members + 1] = due; members[#members + 1] = id end
  local head = {'zadd', queue}
  if replace then head[3] = 'ch' else head[3] = 'nx' end
  changed = chunked(head, members)
else
  -- One id at a time (common/put.lua).
  for i, id in ipairs(ids) do changed = changed + put_zset(queue, payloads, id, payload[i] or false, due, replace) end
end
wake(wakeup, changed, held % 2 == 1)
return {changed, due}
