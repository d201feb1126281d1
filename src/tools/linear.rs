//! Small dense linear algebra for the fits of `tune` and the ratings of `match`: solving a
//! system by Gaussian elimination with partial pivoting, and the inverse of a matrix.

/// Solves `matrix * x = rhs` by Gaussian elimination with partial pivoting; `None` if singular.
pub fn solve_linear(mut matrix: Vec<Vec<f64>>, mut rhs: Vec<f64>) -> Option<Vec<f64>> {
    let n = rhs.len();
    for col in 0..n {
        let pivot =
            (col..n).max_by(|&a, &b| matrix[a][col].abs().total_cmp(&matrix[b][col].abs()))?;
        if matrix[pivot][col].abs() < 1e-300 {
            return None;
        }
        matrix.swap(col, pivot);
        rhs.swap(col, pivot);
        let (upper, lower) = matrix.split_at_mut(col + 1);
        let pivot_row = &upper[col];
        for (offset, row) in lower.iter_mut().enumerate() {
            let factor = row[col] / pivot_row[col];
            for (value, pivot_value) in row.iter_mut().zip(pivot_row).skip(col) {
                *value -= factor * pivot_value;
            }
            rhs[col + 1 + offset] -= factor * rhs[col];
        }
    }
    let mut x = vec![0.0; n];
    for row in (0..n).rev() {
        let tail: f64 = (row + 1..n).map(|c| matrix[row][c] * x[c]).sum();
        x[row] = (rhs[row] - tail) / matrix[row][row];
    }
    Some(x)
}

/// The inverse of a square matrix, or `None` if singular.
pub fn invert(matrix: &[Vec<f64>]) -> Option<Vec<Vec<f64>>> {
    let n = matrix.len();
    let columns = (0..n)
        .map(|i| {
            let unit = (0..n).map(|j| f64::from(i == j)).collect();
            solve_linear(matrix.to_vec(), unit)
        })
        .collect::<Option<Vec<Vec<f64>>>>()?;
    Some(
        (0..n)
            .map(|r| (0..n).map(|c| columns[c][r]).collect())
            .collect(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solve_linear_handles_a_small_system() {
        let x = solve_linear(vec![vec![2.0, 1.0], vec![1.0, 3.0]], vec![3.0, 5.0]).unwrap();
        assert!((x[0] - 0.8).abs() < 1e-12 && (x[1] - 1.4).abs() < 1e-12);
        assert_eq!(solve_linear(vec![vec![0.0]], vec![1.0]), None);
    }

    #[test]
    fn a_matrix_times_its_inverse_is_the_identity() {
        let matrix = vec![
            vec![4.0, 1.0, 0.5],
            vec![1.0, 3.0, 0.2],
            vec![0.5, 0.2, 2.0],
        ];
        let inverse = invert(&matrix).unwrap();
        for (i, row) in matrix.iter().enumerate() {
            for j in 0..3 {
                let product: f64 = row.iter().zip(&inverse).map(|(a, b)| a * b[j]).sum();
                assert!((product - f64::from(i == j)).abs() < 1e-12);
            }
        }
        assert_eq!(invert(&[vec![1.0, 2.0], vec![2.0, 4.0]]), None);
    }
}
