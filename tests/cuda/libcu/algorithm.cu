// cuda::std's <algorithm> in host code.  (libcu++ has <cuda/std/algorithm>
// since CCCL 3.2; where the toolkit's CCCL is older, the same calls go to
// the host's <algorithm>, which libcu++'s follow, so the expected output
// is the same.)
#if __has_include(<cuda/std/algorithm>)
#include <cuda/std/algorithm>
#include <cuda/std/functional>
namespace alg = cuda::std;
#else
#include <algorithm>
#include <functional>
namespace alg = std;
#endif
#include <cstdio>

int main()
{
    int v[12] = {5, 3, 9, 1, 3, 7, 2, 8, 3, 6, 0, 4};
    printf("min %d max %d clamp %d\n", alg::min(4, 9), alg::max({3, 11, 7}), alg::clamp(15, 0, 10));
    printf("min_element at %d, max_element at %d, count of 3: %d\n", (int)(alg::min_element(v, v + 12) - v),
           (int)(alg::max_element(v, v + 12) - v), (int)alg::count(v, v + 12, 3));
    printf("find 7 at %d, any > 8: %d, all >= 0: %d\n", (int)(alg::find(v, v + 12, 7) - v),
           (int)alg::any_of(v, v + 12, [](int x) { return x > 8; }),
           (int)alg::all_of(v, v + 12, [](int x) { return x >= 0; }));
    alg::stable_sort(v, v + 12, alg::greater<int>());
    printf("sorted descending:");
    for (int x : v)
        printf(" %d", x);
    alg::reverse(v, v + 12);
    printf("\nlower_bound 3 at %d, upper_bound 3 at %d, binary_search 10: %d\n",
           (int)(alg::lower_bound(v, v + 12, 3) - v), (int)(alg::upper_bound(v, v + 12, 3) - v),
           (int)alg::binary_search(v, v + 12, 10));
    int u[12];
    int nu = (int)(alg::unique_copy(v, v + 12, u) - u);
    alg::rotate(u, u + 2, u + nu);
    printf("unique %d, rotated:", nu);
    for (int i = 0; i < nu; i++)
        printf(" %d", u[i]);
    printf("\nequal %d, is_sorted %d\n", (int)alg::equal(v, v + 3, u + nu - 2),
           (int)alg::is_sorted(v, v + 12));
    return 0;
}
