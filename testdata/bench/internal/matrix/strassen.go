package matrix

// Strassen's seven products, as in Strassen's "Gaussian elimination is not
// optimal" (1969): with A and B split into quadrants,
//
//	M1 = (A11+A22)(B11+B22)   M5 = (A11+A12) B22
//	M2 = (A21+A22) B11        M6 = (A21-A11)(B11+B12)
//	M3 = A11 (B12-B22)        M7 = (A12-A22)(B21+B22)
//	M4 = A22 (B21-B11)
//
//	C11 = M1+M4-M5+M7   C12 = M3+M5   C21 = M2+M4   C22 = M1-M2+M3+M6
//
// Operand describes one factor of a product: a quadrant of A or B, or the
// sum (Sign +1) or difference (Sign -1) of two.
type Operand struct {
	Mat    byte // 'A' or 'B'
	I, J   int  // first quadrant
	Sign   int  // 0: the quadrant alone; +1: plus; -1: minus
	I2, J2 int  // second quadrant, when Sign != 0
}

// Product is one of the seven products: Left·Right.
type Product struct{ Left, Right Operand }

// Products lists M1 to M7.
func Products() [7]Product {
	return [7]Product{
		{Operand{'A', 0, 0, +1, 1, 1}, Operand{'B', 0, 0, +1, 1, 1}},
		{Operand{'A', 1, 0, +1, 1, 1}, Operand{'B', 0, 0, 0, 0, 0}},
		{Operand{'A', 0, 0, 0, 0, 0}, Operand{'B', 0, 1, -1, 1, 1}},
		{Operand{'A', 1, 1, 0, 0, 0}, Operand{'B', 1, 0, -1, 0, 0}},
		{Operand{'A', 0, 0, +1, 0, 1}, Operand{'B', 1, 1, 0, 0, 0}},
		{Operand{'A', 1, 0, -1, 0, 0}, Operand{'B', 0, 0, +1, 0, 1}},
		{Operand{'A', 0, 1, -1, 1, 1}, Operand{'B', 1, 0, +1, 1, 1}},
	}
}

// Combination says how quadrant (I, J) of C adds up the products: Terms[k]
// is the sign of M(k+1) in it.
type Combination struct {
	I, J  int
	Terms [7]int
}

// Combinations lists C11, C12, C21 and C22.
func Combinations() [4]Combination {
	return [4]Combination{
		{0, 0, [7]int{+1, 0, 0, +1, -1, 0, +1}},
		{0, 1, [7]int{0, 0, +1, 0, +1, 0, 0}},
		{1, 0, [7]int{0, +1, 0, +1, 0, 0, 0}},
		{1, 1, [7]int{+1, -1, +1, 0, 0, +1, 0}},
	}
}

// Eval returns the value of o for the quadrants of a and b: a view when o is
// a quadrant, a new matrix when it is a sum or difference.
func (o Operand) Eval(a, b M) M {
	m := a
	if o.Mat == 'B' {
		m = b
	}
	x := m.Quad(o.I, o.J)
	if o.Sign == 0 {
		return x
	}
	dst := New(x.N)
	if o.Sign > 0 {
		Add(dst, x, m.Quad(o.I2, o.J2))
	} else {
		Sub(dst, x, m.Quad(o.I2, o.J2))
	}
	return dst
}

// Combine writes quadrant (cb.I, cb.J) of c from the products m.
func (cb Combination) Combine(c M, m *[7]M) {
	dst := c.Quad(cb.I, cb.J)
	for i := range dst.N {
		d := dst.row(i)
		clear(d)
		for k, sign := range cb.Terms {
			if sign == 0 {
				continue
			}
			r := m[k].row(i)
			for j := range d {
				d[j] += float64(sign) * r[j]
			}
		}
	}
}
