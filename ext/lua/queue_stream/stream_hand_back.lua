--redislock:stream_hand_back
--
-- The end of a reserve() over several queues, in the write of its XREADGROUP
-- (or the next one after a blocking read): the read delivered to the reader
-- consumer "<consumer>~" (with a generation after a failed read, so that what
-- that one left is never taken for this read's), a page at most from each queue. The first queue that
-- got entries keeps them: they move to the object's consumer (XCLAIM JUSTID:
-- the delivery count stays 1). The later queues' entries go back unseen, not
-- counted as attempts: when no other read came after this one (the group's
-- last-delivered id is the last of them) they are acked out of the PEL and the
-- group's last-delivered id is set back to just before the first, so the next
-- read delivers them again in their place, ahead of newer entries; else each is
-- settled with no delivery counted (due again now, at the stream's end). The
-- reader consumer goes once it holds nothing. A reader entry this script never
-- saw (the process died between the read and it) lapses like any reservation
-- and is settled with no attempt counted (see lapsed() in common/stream.lua).
-- Returns the index of the queue that kept its entries, 0 for none.
--
-- @key   queue     string, list               Z, the queue: task ids by due time (s), of queue i
-- @key   payloads  string, list               P, the tasks' payloads by id, of queue i
-- @key   receipts  string, list               H, the records of carried attempts, of queue i
-- @key   dead      string, list               D, the dead letters by the time they died, of queue i
-- @key   stream    string, list               S, the stream of ready and in-flight tasks, of queue i
-- @key   index     string, list               X, id -> entry id of the tasks in S, of queue i
-- @key   meta      string, list               M, the queue's settings, of queue i
-- @key   spare     string, list               Q, the payloads by reference that P cannot hold, of queue i
-- @arg   reader    string                     the consumer the read delivered to ("<consumer>~[generation]")
-- @arg   consumer  string                     the object's consumer, which keeps the first queue's entries

--#include "common/now.lua"
--#include "common/page.lua"
--#include "common/stream.lua"
local won = 0
-- The payloads the settling below copies, over all the queues.
local bytes = 0
for q = 1, #KEYS / 8 do
  local Z, P, H, D, S, X, M, Q = KEYS[8 * q - 7], KEYS[8 * q - 6], KEYS[8 * q - 5], KEYS[8 * q - 4], KEYS[8 * q - 3], KEYS[8 * q - 2], KEYS[8 * q - 1], KEYS[8 * q]
  local last = group_of(S)
  if last then
    -- A page of the reader's entries, and whether it holds them all (one more
    -- asked for: a read delivers a page at most).
    local pe = redis.call('xpending', S, 'rl', '-', '+', PAGE + 1, reader)
    local all = #pe <= PAGE
    if not all then pe[#pe] = nil end
    if #pe > 0 then
      local ids = {}
      for i, e in ipairs(pe) do ids[i] = e[1] end
      if won == 0 then
        won = q
        local claim = {'xclaim', S, 'rl', consumer, '0'}
        for _, eid in ipairs(ids) do claim[#claim + 1] = eid end
        claim[#claim + 1] = 'JUSTID'
        redis.call(unpack(claim))
      elseif last == ids[#ids] and all then
        redis.call('xack', S, 'rl', unpack(ids))
        set_last(S, before(ids[1]))
        -- The deadline index takes the deliveries after M's n: an upkeep that ran
        -- since the read has moved n past these entries, so it goes back before
        -- them, or their next delivery would never be indexed (nor settled, if
        -- its worker died).
        local n = redis.call('hget', M, 'n')
        if n and not id_before(n, ids[1]) then redis.call('hset', M, 'n', before(ids[1])) end
      else
        -- Settled one by one, which copies the payloads entries carry: past BYTES
        -- of them the rest go to the consumer '~', lapsed at once, for the upkeep
        -- to settle uncounted in its own pages (as a reader's entries are).
        for k, eid in ipairs(ids) do
          if bytes >= BYTES then
            local claim = {'xclaim', S, 'rl', '~', '0'}
            for j = k, #ids do claim[#claim + 1] = ids[j] end
            claim[#claim + 1] = 'IDLE'
            claim[#claim + 1] = redis.call('hget', M, 'v') or '0'
            claim[#claim + 1] = 'JUSTID'
            redis.call(unpack(claim))
            break
          end
          local _, n = settle_entry(Z, P, H, D, S, X, M, Q, eid, 0, 0, false)
          bytes = bytes + n
        end
      end
    end
    if all then redis.call('xgroup', 'delconsumer', S, 'rl', reader) end
  end
end
return won
