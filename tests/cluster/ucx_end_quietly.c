/* ucx_end_quietly.c: preloaded into the PEs of tests/cluster/slurm_cluster.sh
 * (both MPIs) to leave out the one step of MPI_Finalize that fails over
 * UCX's tcp transport between hosts: closing each endpoint with a flush.
 *
 * Open MPI 4.1's osc/ucx closes its endpoints (ucp_ep_destroy) in
 * MPI_Finalize after the job's last synchronization, so a peer on another
 * host may have exited already: its socket is closed, the flush fails and
 * UCX 1.13 prints "UCX ERROR ... error during flush: Endpoint timeout" and
 * "UCX WARN disconnect failed" (a program of plain MPI calls prints the
 * same; docs/cluster.md). MPICH 4.0.2 closes them (ucp_disconnect_nb)
 * before its last synchronization and may wait forever for one.
 * Every transfer is complete at that point: ucp_worker_destroy, which both
 * call next, releases the endpoints without a message to the peer. */
#include <ucp/api/ucp.h>

ucs_status_ptr_t ucp_disconnect_nb(ucp_ep_h ep) {
  (void)ep;
  return UCS_OK;
}

void ucp_ep_destroy(ucp_ep_h ep) { (void)ep; }
