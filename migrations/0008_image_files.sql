CREATE TABLE `image_files` (
	`id` text PRIMARY KEY NOT NULL,
	`data` blob NOT NULL,
	FOREIGN KEY (`id`) REFERENCES `images`(`id`) ON UPDATE no action ON DELETE cascade
);
