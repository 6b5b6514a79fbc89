-- The most members a queue script reads or changes in one call, whatever the size
-- of the queue or of the caller's count or list, so that no call blocks the server
-- for long: REDISLOCK_QUEUE_PAGE in ext/redislock_queue_int.h, where the methods
-- page through more. page(n): a caller's count, capped.
local PAGE = 250
local function page(n) return math.max(0, math.min(math.floor(tonumber(n)), PAGE)) end
-- The most payload bytes a script that moves tasks copies in one call: it ends its
-- page once it has moved that many (always after one task at least, so that it
-- goes on), and the caller goes on with the next page as for a full one.
local BYTES = 1048576
-- The rank a listing of zset K resumes at, after member `after` of score
-- `after_score`, the last one of the page before (none: ''): right after it while it
-- is still there with that score, else at the first member of that score or more
-- (the caller drops the members it has listed already).
local function rank_after(K, after, after_score)
  if after == '' then return 0 end
  local s = redis.call('zscore', K, after)
  if s and tonumber(s) == tonumber(after_score) then return redis.call('zrank', K, after) + 1 end
  return redis.call('zcount', K, '-inf', '(' .. after_score)
end
