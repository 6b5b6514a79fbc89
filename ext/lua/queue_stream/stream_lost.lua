--redislock:stream_lost
--
-- A reserve() whose reply was lost (the link failed after the read was sent, or
-- the call failed before its tasks reached the caller) leaves the entries it
-- delivered with the object's consumer, where nobody works on them. The object
-- knows each reservation it handed to its caller; the entries of its consumer it
-- never handed over are these, given here: each that is still in flight with
-- that consumer is put back at the stream's end, due now, with no attempt
-- counted (its worker never saw it). The moves end once they have copied BYTES
-- of payload (after one entry at least). Returns how many of the entries given
-- it looked at (the caller sends the rest again).
--
-- @key   queue     string                     Z, the queue: task ids by due time (s)
-- @key   payloads  string                     P, the tasks' payloads by id
-- @key   receipts  string                     H, the records of carried attempts
-- @key   dead      string                     D, the dead letters by the time they died
-- @key   stream    string                     S, the stream of ready and in-flight tasks
-- @key   index     string                     X, id -> entry id of the tasks in S
-- @key   meta      string                     M, the queue's settings
-- @key   spare     string                     Q, the payloads by reference that P cannot hold
-- @arg   consumer  string                     the object's consumer
-- @arg   eid       string, list               the entry ids of its consumer it never handed over

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
if #ARGV - 1 > PAGE then return redis.error_reply('ERR over ' .. PAGE .. ' entries in one call') end
local bytes, looked = 0, 0
for i = 2, #ARGV do
  if bytes >= BYTES then break end
  looked = looked + 1
  local pe = redis.call('xpending', stream, 'rl', ARGV[i], ARGV[i], 1)
  if #pe > 0 and pe[1][2] == consumer then
    local _, size = settle_entry(queue, payloads, receipts, dead, stream, index, meta, spare, ARGV[i], 0, 0, false)
    bytes = bytes + size
  end
end
return looked
