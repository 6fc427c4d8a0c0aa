# Atomicity of mixed operations and progress without the target (with the
# race detector preloaded: the progress thread's MPI calls and the
# library's must take turns below MPI_THREAD_MULTIPLE).
shmem_pe_test(amo_stress SOURCES pe/amo_stress.c NP 1 2 4 TIMEOUT 120 LABELS amo)
shmem_pe_test(amo_progress SOURCES pe/amo_progress.c NP 2 TIMEOUT 60 LABELS amo
              WRAP ${SHMEM_OVERLAP_WRAP})
# fork while the progress thread pokes, in forced mode (it takes turns
# there): no child meets a lock a poke held.
shmem_pe_test(progress_fork SOURCES pe/progress_fork.c NP 2 TIMEOUT 60 LABELS amo
              ENV SHMEM_FORCE_INTERNODE=1)
# Global variables shared on a node like the heap, in a PIE and a
# non-PIE executable, and global objects constructed before shmem_init.
shmem_pe_test(statics_shared SOURCES pe/statics_shared.c NP 1 2 4 LABELS amo)
target_compile_options(statics_shared PRIVATE -fPIE)
target_link_options(statics_shared PRIVATE -pie)
shmem_pe_test(statics_shared_nopie SOURCES pe/statics_shared.c NP 2 4 LABELS amo)
target_compile_options(statics_shared_nopie PRIVATE -fno-pie)
target_link_options(statics_shared_nopie PRIVATE -no-pie)
shmem_pe_test(statics_ctor SOURCES pe/statics_ctor.cpp NP 2 4 LABELS amo)
shmem_pe_test(statics_private PROGRAM statics_shared NP 2 4 LABELS amo ENV SHMEM_NODE_GLOBALS=0)
# Sharing globals changes nothing the program does with its own memory
# (fork, threads and signal handlers during shmem_init, page protections,
# process-shared semaphores, a large untouched bss), with the library
# linked as a shared and as a static library.
# (LeakSanitizer cannot check a child forked from a process with threads:
# it fails the child's exit, so the ASan build runs these without it.)
shmem_pe_test(statics_guest SOURCES pe/statics_guest.c NP 1 2 4 TIMEOUT 120 LABELS amo
              ENV ASAN_OPTIONS=detect_leaks=0)
add_executable(statics_guest_static pe/statics_guest.c)
target_link_libraries(statics_guest_static PRIVATE shmem_static)
target_include_directories(statics_guest_static PRIVATE ${CMAKE_CURRENT_LIST_DIR})
shmem_pe_test(statics_guest_static PROGRAM statics_guest_static NP 2 TIMEOUT 120 LABELS amo
              ENV ASAN_OPTIONS=detect_leaks=0)
