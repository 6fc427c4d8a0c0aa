// The environment variables the library reads: one table, which yields the
// Config fields, the parser and the SHMEM_INFO print-out.
#pragma once

#include <cstddef>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace shmemi {

// X(field, C++ type, name after the SHMEM_/SMA_ prefix, default, help)
#define SHMEMI_ENV_TABLE(X)                                                                        \
  X(symmetric_size, std::size_t, "SYMMETRIC_SIZE", "256M",                                         \
    "Symmetric heap size per PE: bytes, or a number with suffix K, M, G or T")                     \
  X(progress, ::shmemi::Progress, "PROGRESS", "auto",                                              \
    "How operations through MPI complete while their target PE computes: auto (a progress thread " \
    "only where the MPI and network in use make them wait for the target, as between nodes "       \
    "here), thread (always a thread: its MPI calls and the library's take turns at "               \
    "MPI_THREAD_SERIALIZED where the library alone calls MPI, else MPI_THREAD_MULTIPLE), "         \
    "thread-multiple (a thread, MPI always at MPI_THREAD_MULTIPLE), off (no thread: such "         \
    "operations complete when the target calls the library)")                                      \
  X(progress_interval, std::size_t, "PROGRESS_INTERVAL", "200",                                    \
    "Microseconds between the progress thread's calls into MPI; 0 means SHMEM_PROGRESS=off")       \
  X(mpi_tools, std::string, "MPI_TOOLS", "",                                                       \
    "MPI tools in the process that call MPI only when called (PMPI profilers, preloaded): their "  \
    "file names or paths, separated by ':'. The progress thread may then take turns with the "     \
    "library's MPI calls beside them; a tool must find MPI's routines by its first call "          \
    "(docs/decisions/progress.md)")                                                                \
  X(heap_pages, ::shmemi::HeapPages, "HEAP_PAGES", "auto",                                         \
    "Pages of the symmetric heap: auto (huge pages from the reserved pool where the node's free "  \
    "ones cover every PE's heap, else transparent huge pages where "                               \
    "/sys/kernel/mm/transparent_hugepage/shmem_enabled allows them, else 4 KiB pages), huge (the " \
    "same, with a warning if neither is offered), pool, thp or small (4 KiB)")                     \
  X(symmetric_heap_use_huge_pages, ::shmemi::Toggle, "SYMMETRIC_HEAP_USE_HUGE_PAGES", "",          \
    "The name SOS reads: on is SHMEM_HEAP_PAGES=huge, off is small (where SHMEM_HEAP_PAGES is "    \
    "auto)")                                                                                       \
  X(symmetric_heap_page_size, std::size_t, "SYMMETRIC_HEAP_PAGE_SIZE", "0",                        \
    "The pool's page size, for the heap on huge pages (SOS's name): 0 is the system's default "    \
    "size (Hugepagesize in /proc/meminfo); 4K means 4 KiB pages")                                  \
  X(force_internode, bool, "FORCE_INTERNODE", "off",                                               \
    "Treat every PE as its own node: no shared memory between PEs, every transfer and atomic "     \
    "goes through MPI RMA")                                                                        \
  X(node_globals, bool, "NODE_GLOBALS", "on",                                                      \
    "Share the program's global and static variables between the PEs of a node, mapped at load "   \
    "time (as fast as the heap); off: each PE keeps them private and other PEs reach them "        \
    "through MPI")                                                                                 \
  X(deadlock_timeout, std::size_t, "DEADLOCK_TIMEOUT", "2",                                        \
    "Least seconds before a job that cannot end (PEs that ended, or are in shmem_finalize, while " \
    "the others wait for them) is ended with status 1, once every waiting PE has confirmed that "  \
    "it still waits (a tenth of it of CPU time in an MPI collective); 0 waits forever")            \
  X(ctx_windows, std::size_t, "CTX_WINDOWS", "4",                                                  \
    "Contexts whose operations through MPI get windows of their own, so that a quiet on one "      \
    "waits for nothing else (made at start-up where data goes through MPI; later contexts share "  \
    "the default context's)")                                                                      \
  X(debug, bool, "DEBUG", "off",                                                                   \
    "Print debugging messages (allocation failures, ...); any value but 0/no/off enables")         \
  X(backtrace, bool, "BACKTRACE", "off",                                                           \
    "On a fatal error, print the PE's call stack to stderr before the job ends")                   \
  X(version, bool, "VERSION", "off", "Print the library version at start-up")                      \
  X(info, bool, "INFO", "off", "Print the version and this table of variables at start-up")

// SHMEM_PROGRESS (docs/decisions/progress.md).
enum class Progress { automatic, thread, thread_multiple, off };

// SHMEM_HEAP_PAGES (docs/decisions/node-memory.md).
enum class HeapPages { automatic, huge, pool, thp, small };

// A switch that may be left unset (the empty string).
enum class Toggle { unset, off, on };

struct Config {
#define SHMEMI_ENV_FIELD(field, type, name, def, help) type field{};
  SHMEMI_ENV_TABLE(SHMEMI_ENV_FIELD)
#undef SHMEMI_ENV_FIELD
};

// Parsers for the value kinds of the table; false means "not valid".
bool env_parse(const char *text, std::size_t &out);
bool env_parse(const char *text, bool &out);
bool env_parse(const char *text, Progress &out);
bool env_parse(const char *text, HeapPages &out);
bool env_parse(const char *text, Toggle &out);
bool env_parse(const char *text, std::string &out);

using EnvLookup = std::function<const char *(const char *)>;

// Reads every variable (SHMEM_ name first, then the deprecated SMA_ one).
// On a bad value returns false and explains in *error.
bool config_load(const EnvLookup &lookup, Config &config, std::string *error);

// The SHMEM_INFO table: every variable with its default, value and help.
void config_print(const Config &config, const EnvLookup &lookup, std::FILE *out);

// The known name closest to `name`, an environment variable with the
// prefix SHMEM_ or SMA_ that is not in the table: the table's name with the
// same prefix, at most 2 edits away (letter case aside); "" if none is.
std::string closest_variable(const char *name);

// The variables of `env` (NAME=value strings, null-terminated as environ)
// with the prefix SHMEM_ or SMA_ that the library does not know.
std::vector<std::string> unknown_variables(const char *const *env);

// Once the PE has its number: fatal errors print a backtrace if
// config.backtrace, and PE 0 warns about every unknown variable of `env`
// (suggesting the closest known name).
void config_report(const char *routine, const Config &config, const char *const *env);

} // namespace shmemi
