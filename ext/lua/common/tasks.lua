-- A task's record, and what ends a reservation: settle() makes a reservation
-- whose deadline passed (or that was released) due again, after the backoff its
-- attempts call for, or dead when it has used them up.
--#include "common/now.lua"
--#include "common/chunked.lua"
--#include "common/wake.lua"
--#include "common/counts.lua"
local function record(H, id)
  local v = redis.call('hget', H, id)
  if not v then return nil, 0, 0, 0 end
  local r, a, m, b = string.match(v, '^([^|]*)|(%d+)|(%d+)|([^|]*)$')
  if not r then return nil, 0, 0, 0 end
  return r, tonumber(a), tonumber(m), tonumber(b) or 0
end
local function set_record(H, id, r, a, m, b)
  redis.call('hset', H, id, r .. '|' .. string.format('%d', a) .. '|' .. string.format('%d', m) .. '|' .. b)
end
-- A reservation of id (no longer in F) ends without an ack: back into Z after
-- delay_us (the backoff when nil), or into D when its attempts are used up. An
-- id is dead or alive, never both: one enqueued again meanwhile (in Z) outlives
-- the run instead, as a new task (its attempts from 0), and the run leaves no
-- dead letter, as if that enqueue had come just after it died. With the
-- queue's counters C (common/counts.lua), a new dead letter counts in x, and a
-- lapsed run (delay_us nil) that is due again, or whose id's run enqueued
-- meanwhile takes over, in t.
local function settle(Z, H, D, id, delay_us, C)
  local r, a, m, b = record(H, id)
  if m > 0 and a >= m then
    if redis.call('zscore', Z, id) then
      -- Lapsed, the run enqueued meanwhile takes over: counted as a lapse queued again.
      if C and not delay_us then tally(C, 't') end
      redis.call('hdel', H, id)
      return
    end
    redis.call('zadd', D, score(now_us), id)
    if C then tally(C, 'x') end
  else
    if C and not delay_us then tally(C, 't') end
    if not delay_us then
      delay_us = 0
      if b > 0 and a > 0 then delay_us = math.floor(math.min(b * 2 ^ (a - 1), 3600) * 1000000) end
    end
    redis.call('zadd', Z, 'nx', score(now_us + delay_us), id)
  end
  if r then set_record(H, id, '', a, m, string.format('%.17g', b)) end
end
-- Settles the reservations of queue keys (Z, F, H, D) whose deadline passed, at
-- most budget of them (the rest stay in F, past their deadline, for the next
-- call): that is what makes a crashed worker's tasks due again without any
-- daemon, each counted in C (settle()). Returns whether tasks are still in
-- flight, and how many it settled.
local function settle_expired(Z, F, H, D, budget, C)
  if redis.call('exists', F) == 0 then return false, 0 end
  local expired = {}
  if budget > 0 then expired = redis.call('zrangebyscore', F, '-inf', score(now_us), 'limit', 0, budget) end
  for _, id in ipairs(expired) do
    redis.call('zrem', F, id)
    settle(Z, H, D, id, nil, C)
  end
  return redis.call('exists', F) == 1, #expired
end
-- Whether the current reservation of id has receipt ('' matches any).
local function ours(H, id, receipt)
  if receipt == '' then return true end
  return (record(H, id)) == receipt
end
