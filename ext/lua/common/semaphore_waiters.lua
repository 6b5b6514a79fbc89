-- A semaphore is the key S = prefix + name: a sorted set of its acquisitions,
-- member "<permits>:<id>", score the acquisition's deadline (ms of the server's
-- clock). It lives as long as its longest acquisition, so a crashed holder's
-- permits come back when its own lifetime ends. Waiters queue as for locks, in S's
-- cluster slot: Q (zset of ids by arrival: strict FIFO; on a cluster the client
-- declares it after S), per waiter P..'a:'..id (alive while it keeps coming back,
-- holding "<permits>:<limit>") and P..'w:'..id (the list it blocks on). Every
-- acquisition goes through a script that looks at the queue, so nobody gets in
-- ahead of a waiter, and S needs no grace period after its holders.
--
-- What the calls that find or leave waiters need, with S, Q, P set.
--#include "common/push.lua"
-- Drops lapsed acquisitions; the permits held by the others.
local function used()
  redis.call('zremrangebyscore', S, '-inf', ms(now))
  local n = 0
  for _, m in ipairs(redis.call('zrange', S, 0, -1)) do n = n + (tonumber(string.match(m, '^%d+')) or 0) end
  return n
end
-- The first waiter still alive, with the permits it asks for and its limit;
-- dead ones are dropped, 500 at most per call, as for locks.
local function head()
  for _ = 1, 500 do
    local first = redis.call('zrange', Q, 0, 0)[1]
    if not first then return nil end
    local asks = redis.call('get', P .. 'a:' .. first)
    if asks then
      local p, l = string.match(asks, '^(%d+):(%d+)$')
      return first, tonumber(p), tonumber(l)
    end
    redis.call('zrem', Q, first)
  end
  return nil
end
-- Promises permits to the waiters at the head of the queue, in order, while
-- theirs fit (u permits held): each for as long as its alive mark would last;
-- each is woken, leaves the queue and confirms with its own lifetime. The
-- first that does not fit stops the rest. Returns the permits then held.
local function admit(u)
  for i = 1, 100 do
    local h, p, l = head()
    if not h or u + p > l then return u end
    local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)
    redis.call('zadd', S, ms(now + claim), p .. ':' .. h)
    redis.call('zrem', Q, h)
    push(h, claim + GRACE)
    outlive(now + claim)
    u = u + p
  end
  return u
end
