--redislock:latch_set
--
-- Sets a latch: its count C, for ms milliseconds, unless a key of the name
-- exists (a latch still counting or open, or a key of another type): 0 then,
-- and nothing is written. A latch is open once its count is 0: its open mark O,
-- a list of one element, is written then (with C's expiry), and every waiter
-- moves that element from O onto O itself (BLMOVE), so that the one push wakes
-- every blocked waiter, in the order they blocked, and leaves the element for
-- whoever comes later. The element is C's end (PEXPIRETIME, ms), which names
-- this latch among the latches the name may have one after another: a waiter
-- of an earlier one, still blocked, takes it for another's. An O left by an
-- earlier latch of the name goes here. A latch set at 0 is open at once. 1 when
-- set.
--
-- @key   key       string                     C, the latch's count (prefix + name)
-- @key   open      string                     O, its open mark, "{C}:open"
-- @arg   count     integer                    the count (0 or more)
-- @arg   ms        integer                    its lifetime (ms, 1 or more)

if not redis.call('set', key, count, 'nx', 'px', ms) then return 0 end
redis.call('del', open)
if count == '0' then
  redis.call('rpush', open, redis.call('pexpiretime', key))
  redis.call('pexpire', open, ms)
end
return 1
