// The reductions' element-wise operations on local memory, for collectives
// that read the other PEs' data through shared memory.
#pragma once

#include <cstddef>

#include "transport/collectives.hpp"

namespace shmemi {

// acc[i] = acc[i] op in[i] for n elements of `elem`; integers wrap around
// like MPI's. Only the combinations of the spec's tables (no bitwise
// operations on reals, only sum and product on complex numbers).
void combine(transport::Elem elem, transport::Op op, void *acc, const void *in, std::size_t n);

} // namespace shmemi
