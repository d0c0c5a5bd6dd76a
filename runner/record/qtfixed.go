package record

import (
	"math"
	"math/big"
	"strconv"
	"strings"
)

// QtFixed prints x as Qt's QString::arg(x, 0, 'f', prec) does: "nan",
// "inf", "-inf", no sign on a zero, and a value exactly halfway rounded
// away from zero (4.5 of 8 is "0.563"), where Go rounds it to even.
func QtFixed(x float64, prec int) string {
	switch {
	case math.IsNaN(x):
		return "nan"
	case math.IsInf(x, 1):
		return "inf"
	case math.IsInf(x, -1):
		return "-inf"
	case x == 0:
		x = 0
	}
	// A float64 times 10^prec is exact in 2048 bits for the precisions printed.
	scaled := new(big.Float).SetPrec(2048).SetFloat64(math.Abs(x))
	scaled.Mul(scaled, new(big.Float).SetInt(new(big.Int).Exp(big.NewInt(10), big.NewInt(int64(prec)), nil)))
	whole, _ := scaled.Int(nil)
	if new(big.Float).SetPrec(2048).Sub(scaled, new(big.Float).SetInt(whole)).Cmp(big.NewFloat(0.5)) != 0 {
		return strconv.FormatFloat(x, 'f', prec, 64)
	}
	digits := whole.Add(whole, big.NewInt(1)).String()
	if len(digits) <= prec {
		digits = strings.Repeat("0", prec+1-len(digits)) + digits
	}
	s := digits
	if prec > 0 {
		s = digits[:len(digits)-prec] + "." + digits[len(digits)-prec:]
	}
	if x < 0 {
		s = "-" + s
	}
	return s
}
