-- GET the paths in BENCH_PATHS (separated by "|") in turn, one after another on each connection.
dofile(os.getenv("BENCH_LUA_DIR") .. "/report.lua")

local paths = {}
for path in string.gmatch(os.getenv("BENCH_PATHS") or "/", "[^|]+") do
  paths[#paths + 1] = path
end
local next_path = 0

function request()
  next_path = next_path % #paths + 1
  return wrk.format("GET", paths[next_path], {["Accept"] = "application/json, text/html"})
end
