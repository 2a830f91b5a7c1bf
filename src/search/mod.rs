//! One alpha-beta search, generic over `Position + Evaluate`, compiled for both boards.
