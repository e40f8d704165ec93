/** An exact amount of money: an integer count of paise (1 rupee = 100 paise). */
export type Paise = number;
