--redislock:lock_many
--
-- lockMany(). All free, with nobody queued on any of them: take all, each with
-- its own fencing number, and return the tokens. Otherwise take nothing, register
-- the waiter on every name, mark the held ones so that their unlock wakes it, and
-- return the ms until it is worth looking again. Taking them all at once is what
-- makes two callers locking [a, b] and [b, a] unable to deadlock.
--
-- @key   counter   string, list               the fencing counter of name i's slot
-- @key   key       string, list               the lock key of name i
-- @key   queue     string, list, optional     its wait queue, on a cluster only
-- @key   many      string, list, optional     its lockMany() waiters, with queue
-- @arg   n         count                      how many names
-- @arg   hex       string                     the tokens' random part
-- @arg   life      integer                    the lifetime (ms)
-- @arg   waiter    string or ''               the waiter id, or '' for a caller that does not wait
-- @arg   alive     integer                    how long the waiter's registration lasts (ms)
-- @arg   hint      text, list                 the sibling hint of name i

--#include "common/grace.lua"
--#include "common/fence.lua"
--#include "common/owner.lua"
--#include "common/lock_keys.lua"
n = tonumber(n)
local stride = #KEYS / n
local names = {}
for i = 1, n do
  local K = KEYS[stride * (i - 1) + 2]
  local q, m, p = siblings(K, ARGV[5 + i])
  names[i] = {key = K, counter = KEYS[stride * (i - 1) + 1], queue = q, many = m, prefix = p}
end
-- The alive head of name i's queue, if any; dead ones are dropped, 1000 at
-- most per call, as for one lock.
local function queued(x)
  for _ = 1, 1000 do
    local first = redis.call('zrange', x.queue, 0, 0)[1]
    if not first or redis.call('exists', x.prefix .. 'a:' .. first) == 1 then return first end
    redis.call('zrem', x.queue, first)
  end
  return nil
end
local busy_ms = nil
for i = 1, n do
  local x = names[i]
  local v, foreign = value(x.key)
  local holder, d = nil, nil
  if v then holder, d = owner(v) end
  if foreign or (v and (d == nil or d > now)) then
    local left = d and (d - now) or redis.call('pttl', x.key)
    if not busy_ms or left < busy_ms then busy_ms = left end
  else
    local h = queued(x)
    if h then
      local left = redis.call('pttl', x.prefix .. 'a:' .. h)
      if not busy_ms or left < busy_ms then busy_ms = left end
    end
  end
end
if not busy_ms then
  local tokens = {}
  local life = tonumber(life)
  for i = 1, n do
    local x = names[i]
    if waiter ~= '' then
      redis.call('zrem', x.many, waiter)
      redis.call('del', x.prefix .. 'w:' .. waiter)
    end
    tokens[i] = fence(x.counter) .. ':' .. hex
    if redis.call('exists', x.queue) == 1 or redis.call('exists', x.many) == 1 then
      redis.call('set', x.key, tokens[i] .. '|' .. ms(now + life), 'px', life + GRACE)
    else
      redis.call('set', x.key, tokens[i], 'px', life)
    end
  end
  return tokens
end
if waiter ~= '' then
  local alive = tonumber(alive)
  for i = 1, n do
    local x = names[i]
    redis.call('zadd', x.many, ms(now + alive), waiter)
    redis.call('pexpire', x.many, 2 * alive)
    local v = value(x.key)
    if v and not string.find(v, '|', 1, true) then
      local left = redis.call('pttl', x.key)
      if left > 0 then redis.call('set', x.key, v .. '|' .. ms(now + left), 'px', left + GRACE) end
    end
  end
end
return busy_ms
