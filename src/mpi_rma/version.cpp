// Which MPI the library runs with and which it was compiled against, for
// the SHMEM_VERSION print-out (transport.hpp).
#include <string>

#include "mpi_rma/mpi_check.hpp"
#include "transport/job.hpp"

namespace shmemi::transport {

std::string backend_version() {
  char text[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  int length = 0;
  SHMEMI_MPI(MPI_Get_library_version(text, &length));
  const std::string all(text, static_cast<std::size_t>(length));
  return all.substr(0, all.find('\n'));
}

std::string backend_built_against() {
  std::string built = "MPI " + std::to_string(MPI_VERSION) + "." + std::to_string(MPI_SUBVERSION);
#if defined(MPICH_VERSION)
  built += ", MPICH " MPICH_VERSION;
#elif defined(OPEN_MPI)
  built += ", Open MPI " + std::to_string(OMPI_MAJOR_VERSION) + "." +
           std::to_string(OMPI_MINOR_VERSION) + "." + std::to_string(OMPI_RELEASE_VERSION);
#endif
  return built;
}

} // namespace shmemi::transport
