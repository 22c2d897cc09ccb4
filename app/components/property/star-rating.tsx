export interface StarRatingProps {
  /** 0 to 5; values beyond are clamped. */
  rating: number;
}

const star = "M12 2.5l2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9z";

/** Five stars with `rating` filled, labelled 'Rated N out of 5'. */
export function StarRating({ rating }: StarRatingProps) {
  const value = Math.max(0, Math.min(5, Math.round(rating)));
  return (
    <p className="star-rating" role="img" aria-label={`Rated ${value} out of 5`}>
      {[1, 2, 3, 4, 5].map((n) => (
        <svg
          key={n}
          className={n <= value ? "star-rating__star star-rating__star--on" : "star-rating__star"}
          width="18"
          height="18"
          viewBox="0 0 24 24"
          aria-hidden="true"
          focusable="false"
        >
          <path d={star} />
        </svg>
      ))}
    </p>
  );
}
