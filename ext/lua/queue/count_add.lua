--redislock:count_add
--
-- Adds to a queue's counters (common/counts.lua) the counts a worker kept of the
-- runs it acked since it last sent them: the acks the server confirmed, with
-- the durations of those the worker timed. A worker sends them at most once a
-- second, in the same write as a call it makes anyway; a send whose reply is
-- lost is not sent again (a count is never added twice). Returns 1.
--
-- @key   counts    string                     C, the queue's counters (common/counts.lua)
-- @arg   packed    string                     the counts, "p|f|s|d0|...|d16": acked untimed, acked as failed, the timed µs, the timed by bucket

--#include "common/counts.lua"
add_counts(counts, packed)
return 1
