-- A semaphore is the key S = prefix + name: a sorted set of its acquisitions,
-- member "<permits>:<id>", score the acquisition's deadline (ms of the server's
-- clock), counted through B (see common/sem_units.lua). It lives as long as its
-- longest acquisition, so a crashed holder's permits come back when its own
-- lifetime ends. Waiters queue as for locks, in S's cluster slot: Q (zset of ids
-- by arrival: strict FIFO; on a cluster the client declares it after S), per
-- waiter P..'a:'..id (alive while it keeps coming back, holding
-- "0<permits>:<limit>"; 0.1.0 writes it without the 0, which is how a promise
-- tells its waiters apart), P..'l:'..id (written with the alive mark by the
-- waiters of releases after 0.2.0 only: the lifetime in ms it asked for) and
-- P..'w:'..id (the list it blocks on). Every acquisition goes through a script
-- that looks at the queue, so nobody gets in ahead of a waiter, and S needs no
-- grace period after its holders.
--
-- What the calls that find or leave waiters need, with S, B, Q, P set.
--#include "common/push.lua"
-- Drops lapsed acquisitions (a page of them); the permits held by the others.
local function used()
  sweep()
  return held()
end
-- The first waiter still alive, with the permits it asks for, its limit and
-- whether it is of this release; nil when nobody waits. Dead ones are dropped,
-- 500 at most per script, as for locks: past that it answers false (someone
-- may wait behind them, so nobody is served ahead of them), and the next
-- calls drop the next ones.
local dead_left = 500
local function head()
  while dead_left > 0 do
    local first = redis.call('zrange', Q, 0, 0)[1]
    if not first then return nil end
    local asks = redis.call('get', P .. 'a:' .. first)
    if asks then
      local p, l = string.match(asks, '^(%d+):(%d+)$')
      return first, tonumber(p), tonumber(l), string.sub(asks, 1, 1) == '0'
    end
    redis.call('zrem', Q, first)
    dead_left = dead_left - 1
  end
  return false
end
-- Hands permits to the waiters at the head of the queue, in order, while
-- theirs fit (u permits held); the first that does not fit stops the rest. A
-- waiter that left its lifetime (P..'l:'..id) is given the acquisition itself,
-- with that lifetime, as its own acquire script would write it, and is woken
-- with 'h': it returns at once. One that did not (a waiter of 0.2.0 or earlier)
-- is promised them for as long as its alive mark would last and woken
-- with '1', to confirm with its own lifetime. A waiter dead since its last
-- visit is still handed them when its mark has not lapsed: the acquisition then
-- lapses with its lifetime, as a killed holder's does. Each leaves the queue.
-- Returns the permits then held.
local function admit(u)
  for i = 1, 100 do
    local h, p, l, ours = head()
    if not h or u + p > l then return u end
    local life = ours and tonumber(redis.call('get', P .. 'l:' .. h))
    if life then
      redis.call('zadd', S, ms(now + life), p .. ':' .. h)
      units_set(p, h, now + life)
      redis.call('del', P .. 'a:' .. h, P .. 'l:' .. h)
      local w = P .. 'w:' .. h
      redis.call('del', w)
      redis.call('rpush', w, 'h')
      redis.call('pexpire', w, life + GRACE)
      outlive(now + life)
    else
      local claim = math.max(redis.call('pttl', P .. 'a:' .. h), 100)
      redis.call('zadd', S, ms(now + claim), p .. ':' .. h)
      if ours then units_set(p, h, now + claim) end
      push(h, claim + GRACE)
      outlive(now + claim)
    end
    redis.call('zrem', Q, h)
    u = u + p
  end
  return u
end
