-- POST the JSON body in the file BENCH_BODY_FILE to BENCH_PATH, again and again.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local file = assert(io.open(os.getenv("BENCH_BODY_FILE"), "rb"))
wrk.method = "POST"
wrk.path = os.getenv("BENCH_PATH")
wrk.body = file:read("*a")
wrk.headers["Content-Type"] = "application/json"
wrk.headers["Accept"] = "application/json"
file:close()
