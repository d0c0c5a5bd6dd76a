package main

import (
	"context"
	"os"
	"os/signal"
	"syscall"

	"github.com/spf13/cobra"

	"github.com/autoplay/autoplay/runner"
	"github.com/autoplay/autoplay/runner/live"
)

// viewShort is the view command's line in the command list.
const viewShort = "Serve the dashboard of a finished run from its PGN"

func newViewCmd() *cobra.Command {
	var (
		addr  string
		names []string
	)
	cmd := &cobra.Command{
		Use:     "view FILE.pgn",
		Short:   viewShort,
		Example: "  autoplay view games.pgn --web 8080",
		Args:    cobra.ExactArgs(1),
		// The lean build hands it to autoplay-full, which holds the dashboard.
		Annotations: map[string]string{needsFull: "view"},
		RunE: func(cmd *cobra.Command, args []string) error {
			index, err := live.OpenPGNIndex(args[0])
			if err != nil {
				return err
			}
			defer index.Close()
			state := live.New()
			runner.LoadView(state, index)
			stop, err := startDashboard(addr, names, state)
			if err != nil {
				return err
			}
			defer stop()
			// Stopping the viewer stops no match: no word about one.
			ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
			defer stop()
			<-ctx.Done()
			return nil
		},
	}
	cmd.Flags().StringVar(&addr, "web", "8080", "serve the dashboard on ADDR (a bare port listens on 127.0.0.1)")
	cmd.Flags().StringArrayVar(&names, "web-host", nil, webHostUsage)
	return cmd
}
