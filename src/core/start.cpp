#include "core/start.hpp"

#include <shmemx.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <pthread.h>
#include <unistd.h>

#include "base/pages.hpp"
#include "base/report.hpp"
#include "core/checks.hpp"
#include "core/coll.hpp"
#include "core/context.hpp"
#include "core/ending.hpp"
#include "core/runtime.hpp"
#include "core/team.hpp"
#include "memory/memory.hpp"
#include "node/node.hpp"
#include "node/sync.hpp"
#include "transport/data_path.hpp"
#include "transport/job.hpp"

namespace shmemi {

namespace {

const char *process_env(const char *name) { return std::getenv(name); }

const char *level_name(int level) {
  static const char *const names[] = {"SHMEM_THREAD_SINGLE", "SHMEM_THREAD_FUNNELED",
                                      "SHMEM_THREAD_SERIALIZED", "SHMEM_THREAD_MULTIPLE"};
  return names[level];
}

// The library's version, the MPI it runs with and was built against, and
// how it was built (SHMEMI_BUILD_TYPE, SHMEMI_COMPILER: CMakeLists.txt).
void print_banner() {
  std::printf("%s, OpenSHMEM specification %d.%d\n", SHMEM_VENDOR_STRING, SHMEM_MAJOR_VERSION,
              SHMEM_MINOR_VERSION);
  std::printf("  running with: %s\n", transport::backend_version().c_str());
  std::printf("  built against: %s; build type %s, compiler %s\n",
              transport::backend_built_against().c_str(), SHMEMI_BUILD_TYPE, SHMEMI_COMPILER);
  if (rt.config.info) config_print(rt.config, process_env, stdout);
  std::fflush(stdout);
}

void stop() {
  contexts_stop();
  teams_stop();
  transport::stop();
  shmemi_ctx_default.channel = nullptr;
  node::stop();
  memory::stop();
  rt.init_depth = 0;
  rt.generation = 0;
}

pid_t started_in = 0; // the PE's process; a child forked from it is not a PE

// Programs may end without shmem_finalize (start_pes programs always do):
// with status 0 the PE finishes with the others, who may still be running
// (docs/decisions/end-of-job.md); any other status ends the job at
// once, as nothing waits for it. Then MPI ends if the library started it.
// The exit of a forked child is only the child's.
void at_process_exit(int status, void *) {
  if (getpid() != started_in) return;
  if (rt.init_depth > 0) {
    if (status != 0) {
      const int job_status = (status & 0xff) != 0 ? status & 0xff : 1;
      warn("exit",
           "PE %d ended with status %d without calling shmem_finalize; ending every "
           "PE of the job with status %d",
           rt.my_pe, status, job_status);
      abort_job(job_status);
    }
    meet_at_end(status);
    stop();
  }
  transport::release();
}

// What the transport's start needs to choose MPI's thread level: the
// program's, and whether the library will need a progress thread.
transport::StartRequest start_request(int requested) {
  const Config &config = rt.config;
  const bool off = config.progress == Progress::off || config.progress_interval == 0;
  return {requested,
          config.force_internode,
          memory::globals_shareable(),
          off ? Progress::off : config.progress,
          static_cast<unsigned>(config.progress_interval),
          config.info,
          config.mpi_tools};
}

void start(const char *routine, int requested) {
  std::string error; // reported once the PE has its number
  const bool config_ok = config_load(process_env, rt.config, &error);
  const transport::Identity id = transport::start(start_request(requested));
  rt.my_pe = id.my_pe;
  reporter.my_pe = id.my_pe;
  reporter.debug = rt.config.debug;
  rt.n_pes = id.n_pes;
  if (!config_ok) fatal(routine, "%s", error.c_str());
  config_report(routine, rt.config, environ);
  rt.thread_level = std::min(requested, id.thread_provided);
  rt.watch_threads = rt.config.debug && rt.thread_level < SHMEM_THREAD_MULTIPLE;
  transport::set_thread_calls(rt.thread_level == SHMEM_THREAD_MULTIPLE, rt.watch_threads);
  if (rt.thread_level < requested && rt.my_pe == 0)
    warn(routine,
         "argument requested = %s, but MPI provides only %s (MPI was initialized "
         "with a lower thread level): provided is %s",
         level_name(requested), level_name(id.thread_provided), level_name(rt.thread_level));
  if (rt.my_pe == 0 && (rt.config.version || rt.config.info)) print_banner();

  const std::size_t heap_bytes = memory::round_up(rt.config.symmetric_size, small_page);
  memory::start(
      rt.my_pe, rt.n_pes,
      {heap_bytes, node::room_bytes, transport::backend_room(), rt.config.force_internode},
      rt.config);
  node::start(rt.thread_level == SHMEM_THREAD_SINGLE);
  // Channels of their own serve contexts only where data moves through MPI.
  const bool all_mapped = memory::everything_mapped();
  transport::start_rma(memory::mapping.statics,
                       all_mapped ? 0 : static_cast<unsigned>(rt.config.ctx_windows), !all_mapped);
  shmemi_ctx_default.channel = &transport::default_channel();
  transport::sync_all();
  teams_start();
}

// The GPU auxiliary specification's bits of requested (shmemx.h): this
// library has no GPU support, so they are accepted and left out of
// provided, as that document asks of such a library.
int without_device_bits(const char *routine, int requested) {
  constexpr int device = SHMEM_DEVICE_HOST_INIT | SHMEM_DEVICE_KERNEL_INIT;
  if ((requested & device) != 0)
    debug(routine,
          "argument requested asks for device initialization (0x%x): no GPU support "
          "here, provided is a thread level alone",
          requested & device);
  return requested & ~device;
}

} // namespace

void runtime_init(const char *routine, int requested, int *provided) {
  const Call call(routine);
  static bool exit_hook = false;
  static unsigned starts = 0;
  requested = without_device_bits(routine, requested);
  require_thread_level(routine, requested);
  if (rt.init_depth == 0) {
    started_in = getpid();
    start(routine, requested);
    rt.finalized = false;
    rt.generation = ++starts;
    rt.initializer = pthread_self();
    if (!rt.watch_threads) thread_generation = rt.generation;
  }
  ++rt.init_depth;
  if (!exit_hook) exit_hook = on_exit(at_process_exit, nullptr) == 0;
  if (provided) *provided = rt.thread_level;
}

// Nested calls are barriers; the last meets the other PEs at the end, on
// resources of its own (a PE that exits without shmem_finalize meets it
// there too).
void runtime_finalize() {
  const Call call("shmem_finalize");
  coll_complete_if_started(nullptr);
  if (rt.init_depth > 1) {
    barrier_all("shmem_finalize");
    --rt.init_depth;
    return;
  }
  meet_at_end(-1);
  stop();
  rt.finalized = true;
}

} // namespace shmemi
